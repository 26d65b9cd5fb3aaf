import { type Hex, hashMessage, parseSignature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { SignerMismatchError } from './errors.js'
import { toVendorAccount } from './toVendorAccount.js'

/*
 * The vendor's answers are checked before anyone sees them: a signature or a
 * signed transaction by another key than the connected account's is refused.
 * A vendor that misbehaves this way is not something the sandbox can be made
 * to do, so the vendor here is a stand-in that signs with a key it is given.
 */

const connected = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const transaction = {
  chainId: 1,
  to: stranger.address,
  value: 1n,
  gas: 21_000n,
  maxFeePerGas: 1n,
  maxPriorityFeePerGas: 1n,
  nonce: 0,
} as const

const legacy = {
  chainId: 1,
  to: stranger.address,
  value: 1n,
  gas: 21_000n,
  gasPrice: 1n,
  nonce: 0,
  type: 'legacy',
} as const

/** A vendor that signs every digest, and `signed` (the transaction asked for by default), with `signer`. */
function vendorSigningWith(
  signer: typeof connected,
  signed: typeof transaction | typeof legacy = transaction,
): VendorClient {
  return {
    query: () => Promise.reject(new Error('no query expected')),
    async submit(name, activity) {
      const parameters = (activity as { parameters: Record<string, string> })
        .parameters
      if (name === 'sign_raw_payload') {
        const signature = await signer.sign({ hash: parameters.payload as Hex })
        const { r, s, yParity } = parseSignature(signature)
        return {
          r: r.slice(2),
          s: s.slice(2),
          v: yParity === 0 ? '00' : '01',
        } as never
      }
      return {
        signedTransaction: (await signer.signTransaction(signed)).slice(2),
      } as never
    },
  }
}

const account = (
  signer: typeof connected,
  signed?: typeof transaction | typeof legacy,
) =>
  toVendorAccount({
    address: connected.address,
    organizationId: '7b1c3a52-3f0e-4d1b-9a55-0c2f5b8e4a11',
    vendor: vendorSigningWith(signer, signed),
    stamper: () =>
      ({
        kind: 'session',
        stamp: async () => ({ header: '', value: '' }),
      }) as never,
  })

describe("the vendor's answers are the connected account's", () => {
  it('passes on a signature by the connected account', async () => {
    const signature = await account(connected).signMessage({ message: 'hi' })
    expect(signature).toBe(await connected.sign({ hash: hashMessage('hi') }))
  })

  it('refuses a signature by another key', async () => {
    await expect(
      account(stranger).signMessage({ message: 'hi' }),
    ).rejects.toMatchObject({
      name: 'SignerMismatchError',
      code: 'signer_mismatch',
      shortMessage: 'The wallet returned a signature from another account.',
    })
  })

  it('refuses a transaction signed by another key', async () => {
    const refused = account(stranger).signTransaction(transaction)
    await expect(refused).rejects.toBeInstanceOf(SignerMismatchError)
    await expect(refused).rejects.toMatchObject({
      details: `the transaction recovers to ${stranger.address}, not the connected ${connected.address}`,
    })
  })

  it('passes on a transaction signed by the connected account, EIP-1559 or legacy', async () => {
    const signed = await account(connected).signTransaction(transaction)
    expect(signed).toBe(await connected.signTransaction(transaction))
    expect(await account(connected, legacy).signTransaction(legacy)).toBe(
      await connected.signTransaction(legacy),
    )
  })

  it('refuses a transaction the connected account signed that is not the one asked for', async () => {
    for (const changed of [
      { ...transaction, value: 10n ** 18n },
      { ...transaction, to: connected.address },
      { ...transaction, nonce: 1 },
      { ...transaction, chainId: 8453 },
    ])
      await expect(
        account(connected, changed as typeof transaction).signTransaction(
          transaction,
        ),
      ).rejects.toMatchObject({
        name: 'SignedTransactionMismatchError',
        code: 'signed_transaction_mismatch',
        shortMessage:
          'The wallet signed another transaction than the one asked for.',
      })
  })
})
