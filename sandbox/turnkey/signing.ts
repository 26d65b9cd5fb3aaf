import { createHash } from 'node:crypto'
import {
  type Hex,
  hashTypedData,
  isHex,
  keccak256,
  parseTransaction,
  stringToBytes,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import { privateKeyToAccount, sign } from 'viem/accounts'
import { hashAuthorization } from 'viem/utils'
import { badRequest } from './VendorError.js'

export type RawPayloadParams = {
  payload?: unknown
  encoding?: unknown
  hashFunction?: unknown
}

/** Signs one payload as the vendor does: `{r, s, v}`, hex without 0x, v "00"/"01". */
export async function signRawPayload(
  privateKey: Hex,
  { payload, encoding, hashFunction }: RawPayloadParams,
) {
  const digest = digestOf(
    payloadBytes(payload, encoding),
    encoding,
    hashFunction,
  )
  const { r, s, yParity } = await sign({ hash: digest, privateKey })
  return {
    r: r.slice(2).padStart(64, '0'),
    s: s.slice(2).padStart(64, '0'),
    v: yParity === 1 ? '01' : '00',
  }
}

function payloadBytes(payload: unknown, encoding: unknown): Hex {
  if (typeof payload !== 'string') throw badRequest('bad request body')
  switch (encoding) {
    case 'PAYLOAD_ENCODING_HEXADECIMAL': {
      const hex = payload.startsWith('0x') ? payload : `0x${payload}`
      if (!isHex(hex) || hex.length % 2 !== 0)
        throw badRequest('invalid payload encoding')
      return hex
    }
    case 'PAYLOAD_ENCODING_TEXT_UTF8':
      return toHex(stringToBytes(payload))
    case 'PAYLOAD_ENCODING_EIP712':
      try {
        return hashTypedData(JSON.parse(payload) as TypedDataDefinition)
      } catch {
        throw badRequest('invalid payload encoding')
      }
    case 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION':
      try {
        const { address, chainId, nonce } = JSON.parse(payload)
        return hashAuthorization({
          address,
          chainId: Number(chainId),
          nonce: Number(nonce),
        })
      } catch {
        throw badRequest('invalid payload encoding')
      }
    default:
      throw badRequest('invalid payload encoding')
  }
}

function digestOf(bytes: Hex, encoding: unknown, hashFunction: unknown): Hex {
  // EIP-712 and EIP-7702 payloads are hashed by their encoding already.
  const prehashed =
    encoding === 'PAYLOAD_ENCODING_EIP712' ||
    encoding === 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION'
  switch (hashFunction) {
    case 'HASH_FUNCTION_NO_OP':
      if (bytes.length !== 66)
        throw badRequest(
          'payload must be a 32-byte digest with HASH_FUNCTION_NO_OP',
        )
      return bytes
    case 'HASH_FUNCTION_KECCAK256':
      return prehashed ? bytes : keccak256(bytes)
    case 'HASH_FUNCTION_SHA256':
      return prehashed
        ? bytes
        : `0x${createHash('sha256')
            .update(Buffer.from(bytes.slice(2), 'hex'))
            .digest('hex')}`
    default:
      throw badRequest('invalid hash function')
  }
}

/** Signs an unsigned Ethereum transaction (legacy EIP-155, EIP-2930, EIP-1559, EIP-7702). */
export async function signEthereumTransaction(
  privateKey: Hex,
  unsignedTransaction: unknown,
): Promise<string> {
  if (typeof unsignedTransaction !== 'string')
    throw badRequest('bad request body')
  const hex = (
    unsignedTransaction.startsWith('0x')
      ? unsignedTransaction
      : `0x${unsignedTransaction}`
  ) as Hex
  let transaction: ReturnType<typeof parseTransaction>
  try {
    transaction = parseTransaction(hex)
  } catch {
    throw badRequest('invalid unsigned transaction')
  }
  const signed = await privateKeyToAccount(privateKey).signTransaction(
    transaction as Parameters<
      ReturnType<typeof privateKeyToAccount>['signTransaction']
    >[0],
  )
  return signed.slice(2)
}
