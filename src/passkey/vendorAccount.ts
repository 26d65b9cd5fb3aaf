import {
  type Address,
  getTypesForEIP712Domain,
  type Hex,
  hashMessage,
  hashTypedData,
  isAddressEqual,
  isHex,
  keccak256,
  type LocalAccount,
  parseTransaction,
  recoverAddress,
  type Signature,
  serializeTransaction,
  serializeTypedData,
  type TypedDataDefinition,
} from 'viem'
import { toAccount } from 'viem/accounts'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { unexpectedVendorAnswer } from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import {
  SignedTransactionMismatchError,
  SignerMismatchError,
} from './errors.js'

// A viem account whose keys stay with the vendor, which signs for the
// connected wallet; every answer is checked to be by its address.

export type VendorAccountParameters = {
  address: Address
  /** The user's sub-organization, where the wallet lives. */
  organizationId: string
  vendor: VendorClient
  /** Who authorises each signature: the passkey, or a session key. */
  stamper: () => Stamper
}

// r and s: at most 32 bytes of hex, without 0x, as the vendor sends them.
const isSignaturePart = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-fA-F]{1,64}$/.test(value)

/** The vendor answered, but not with a signature: nothing it said can be used. */
const malformed = (what: 'signature' | 'transaction') =>
  unexpectedVendorAnswer(`malformed ${what} result`)

/**
 * A viem account whose keys stay with the vendor: messages are hashed per
 * EIP-191 here and the digest is signed there; typed data is sent whole
 * (`PAYLOAD_ENCODING_EIP712`), so that the vendor parses what it signs;
 * transactions are signed with `sign_transaction` (one request each).
 * Every answer is checked to be by `address` before it is returned.
 */
export function toVendorAccount({
  address,
  organizationId,
  vendor,
  stamper,
}: VendorAccountParameters): LocalAccount<'vendor'> {
  /**
   * Signs `digest`, sent as `payload`: the digest itself, or the typed data
   * it is the hash of, which the vendor parses (and a session profile's
   * scope can read) before it signs.
   */
  async function signDigest(
    digest: Hex,
    payload: { payload: string; encoding: string } = {
      payload: digest,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    },
  ): Promise<Hex> {
    const { r, s, v } = await vendor.submit<{
      r: string
      s: string
      v: string
    }>(
      'sign_raw_payload',
      {
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        organizationId,
        parameters: {
          signWith: address,
          ...payload,
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
        resultKey: 'signRawPayloadResult',
      },
      stamper(),
    )
    if (
      !isSignaturePart(r) ||
      !isSignaturePart(s) ||
      (v !== '00' && v !== '01')
    )
      throw malformed('signature')
    const signature: Hex = `0x${r.padStart(64, '0')}${s.padStart(64, '0')}${v === '00' ? '1b' : '1c'}`
    // Checked here, not taken on trust: only the connected account's signature is passed on.
    const signer = await recoverAddress({ hash: digest, signature })
    if (!isAddressEqual(signer, address))
      throw new SignerMismatchError({
        what: 'signature',
        expected: address,
        signer,
      })
    return signature
  }

  const account = toAccount({
    address,
    signMessage: ({ message }) => signDigest(hashMessage(message)),
    signTypedData(parameters) {
      const typedData = parameters as TypedDataDefinition
      return signDigest(hashTypedData(typedData), {
        // As eth_signTypedData_v4 sends it: the domain's type named too.
        payload: serializeTypedData({
          ...typedData,
          types: {
            EIP712Domain: getTypesForEIP712Domain({ domain: typedData.domain }),
            ...typedData.types,
          },
        }),
        encoding: 'PAYLOAD_ENCODING_EIP712',
      })
    },
    async signTransaction(transaction, options) {
      const serializer = options?.serializer ?? serializeTransaction
      const unsigned = await serializer(transaction)
      const { signedTransaction } = await vendor.submit<{
        signedTransaction: string
      }>(
        'sign_transaction',
        {
          type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
          organizationId,
          parameters: {
            signWith: address,
            unsignedTransaction: unsigned.slice(2),
            type: 'TRANSACTION_TYPE_ETHEREUM',
          },
          resultKey: 'signTransactionResult',
        },
        stamper(),
      )
      if (typeof signedTransaction !== 'string') throw malformed('transaction')
      const signed = signedTransaction.startsWith('0x')
        ? signedTransaction
        : `0x${signedTransaction}`
      if (!isHex(signed)) throw malformed('transaction')
      let signature: Signature
      try {
        const { r, s, v, yParity } = parseTransaction(signed)
        if (!r || !s) throw malformed('transaction')
        signature = { r, s, v, yParity } as Signature
      } catch {
        throw malformed('transaction')
      }
      // Never another transaction than the one asked for: with the vendor's
      // signature, the asked transaction must be exactly what came back.
      const asked = await serializer(transaction, signature)
      if (asked.toLowerCase() !== signed.toLowerCase())
        throw new SignedTransactionMismatchError()
      // Nor one from another account.
      let signer: Address
      try {
        signer = await recoverAddress({ hash: keccak256(unsigned), signature })
      } catch {
        throw malformed('transaction')
      }
      if (!isAddressEqual(signer, address))
        throw new SignerMismatchError({
          what: 'transaction',
          expected: address,
          signer,
        })
      return signed
    },
  })
  return { ...account, source: 'vendor' } as LocalAccount<'vendor'>
}
