import {
  type BaseError,
  type Hex,
  hashMessage,
  type LocalAccount,
  parseSignature,
  recoverTypedDataAddress,
  UnsupportedProviderMethodError,
  verifyMessage,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { base, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import {
  PublicClientNotFoundError,
  type PublicClientNotFoundErrorType,
} from '../core/chains.js'
import { RequestRefusedError } from '../core/connectionErrors.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { SignerMismatchError } from './errors.js'
import { createPasskeyProvider } from './passkeyProvider.js'
import { toVendorAccount } from './vendorAccount.js'

/** A chain without an RPC URL of its own: with no transport either, nothing can read it. */
const unreachable = <chain extends typeof mainnet | typeof base>(c: chain) => ({
  ...c,
  rpcUrls: { default: { http: [] } },
})

// A local key stands in for the vendor-held one: the provider's routing and checks are what is tested.
function provider(
  account: LocalAccount | null = privateKeyToAccount(generatePrivateKey()),
) {
  let chainId: number = mainnet.id
  return {
    account,
    provider: createPasskeyProvider({
      chains: [unreachable(mainnet), unreachable(base)],
      transports: undefined,
      account: () => account ?? undefined,
      // No vendor here: EIP-5792 calls are tested against the sandbox (passkeyCalls.test.ts).
      calls: () => undefined,
      chainId: () => chainId,
      switchChain: async (id) => {
        chainId = id
      },
    }),
  }
}

const typedData = {
  domain: { name: 'Test', version: '1', chainId: 1 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hi' },
} as const

describe('the passkey wallet provider', () => {
  it('answers signatures one at a time, in the order asked, whatever each one takes', async () => {
    const key = privateKeyToAccount(generatePrivateKey())
    let signing = 0
    let mostAtOnce = 0
    // The first signature is the slowest: a prompt the user takes time over.
    const slowFirst: LocalAccount = {
      ...key,
      async signMessage(parameters) {
        mostAtOnce = Math.max(mostAtOnce, ++signing)
        const raw = (parameters.message as { raw: string }).raw
        await new Promise((resolve) =>
          setTimeout(resolve, raw === '0x30' ? 20 : 1),
        )
        signing--
        return key.signMessage(parameters)
      },
    }
    const { provider: p } = provider(slowFirst)
    const resolved: string[] = []
    const messages = ['0x30', '0x31', '0x32']
    const signatures = await Promise.all(
      messages.map((message) =>
        p
          .request({ method: 'personal_sign', params: [message, key.address] })
          .then((signature: string) => {
            resolved.push(message)
            return signature
          }),
      ),
    )
    expect(resolved).toEqual(messages)
    expect(mostAtOnce).toBe(1)
    for (const [index, message] of messages.entries())
      expect(
        await verifyMessage({
          address: key.address,
          message: { raw: message as `0x${string}` },
          signature: signatures[index] as `0x${string}`,
        }),
      ).toBe(true)
  })

  it('answers chain and account methods itself', async () => {
    const { provider: p, account } = provider()
    expect(await p.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await p.request({ method: 'eth_accounts' })).toEqual([
      account!.address,
    ])
    expect(await p.request({ method: 'eth_requestAccounts' })).toEqual([
      account!.address,
    ])
    await p.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x2105' }],
    })
    expect(await p.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('signs messages (EIP-191) and typed data (EIP-712) for its own account only', async () => {
    const { provider: p, account } = provider()
    const address = account!.address
    const signature = await p.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(
      true,
    )
    const typed = await p.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    expect(
      await recoverTypedDataAddress({ ...typedData, signature: typed }),
    ).toBe(address)

    const stranger = privateKeyToAccount(generatePrivateKey()).address
    await expect(
      p.request({
        method: 'personal_sign',
        params: ['0x68656c6c6f', stranger],
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      p.request({
        method: 'eth_sendTransaction',
        params: [{ from: stranger, to: stranger }],
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('refuses eth_signTypedData (v1, legacy typed data) with a 4200 that names eth_signTypedData_v4, signing nothing', async () => {
    const key = privateKeyToAccount(generatePrivateKey())
    let signed = 0
    const counting: LocalAccount = {
      ...key,
      async signTypedData(parameters) {
        signed++
        return key.signTypedData(parameters)
      },
    }
    const { provider: p } = provider(counting)
    // v1's own shape, and v4's arguments under v1's name: both refused.
    for (const params of [
      [[{ name: 'message', type: 'string', value: 'hi' }], key.address],
      [key.address, JSON.stringify(typedData)],
    ]) {
      const error = await p
        .request({ method: 'eth_signTypedData', params } as never)
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
      expect(error).toMatchObject({ code: 4200 })
      const cause = (error as BaseError).walk(
        (e) => e instanceof RequestRefusedError,
      )
      expect(cause).toBeInstanceOf(RequestRefusedError)
      expect((cause as RequestRefusedError).details).toContain(
        'eth_signTypedData_v4',
      )
      expect((error as BaseError).message).toContain('eth_signTypedData_v4')
    }
    expect(signed).toBe(0)
  })

  it('refuses a transaction for another chain', async () => {
    const { provider: p, account } = provider()
    await expect(
      p.request({
        method: 'eth_sendTransaction',
        params: [
          { from: account!.address, to: account!.address, chainId: '0x2105' },
        ],
      }),
    ).rejects.toMatchObject({ code: 4901 })
  })

  it('says which chain is missing, and that reads need a transport or an RPC URL', async () => {
    const { provider: p } = provider()
    await expect(
      p.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0xa' }],
      }),
    ).rejects.toMatchObject({
      code: 4902,
      shortMessage: 'Could not find network mapping for chain',
    })
    const read = p
      .request({ method: 'eth_blockNumber' })
      .catch((error: unknown) => error)
    expect(await read).toBeInstanceOf(PublicClientNotFoundError)
    expect(((await read) as PublicClientNotFoundErrorType).shortMessage).toBe(
      'No public client available',
    )
  })

  it('asks to connect first when there is no account', async () => {
    const { provider: p } = provider(null)
    expect(await p.request({ method: 'eth_accounts' })).toEqual([])
    await expect(
      p.request({ method: 'eth_requestAccounts' }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      p.request({
        method: 'personal_sign',
        params: ['0x00', '0x0000000000000000000000000000000000000001'],
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it("refuses the requests not answered yet when the session goes: 'no session', the session ended", async () => {
    const key = privateKeyToAccount(generatePrivateKey())
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let started: () => void = () => undefined
    const onScreen = new Promise<void>((resolve) => {
      started = resolve
    })
    const slow: LocalAccount = {
      ...key,
      async signMessage(parameters) {
        started()
        await held
        return key.signMessage(parameters)
      },
    }
    const { provider: p } = provider(slow)
    const first = p
      .request({ method: 'personal_sign', params: ['0x30', key.address] })
      .catch((error: BaseError) => error)
    const waiting = p
      .request({ method: 'personal_sign', params: ['0x31', key.address] })
      .catch((error: BaseError) => error)
    // The first is before the user; the second waits its turn.
    await onScreen
    p.dropWaitingRequests()
    const refused = await waiting
    expect(refused).toMatchObject({ code: 4100 })
    const cause = refused.walk(
      (e: unknown) => e instanceof SessionNotFoundError,
    )
    expect(cause).toBeInstanceOf(SessionNotFoundError)
    expect(cause).toMatchObject({
      shortMessage: 'no session',
      code: 'session_not_found',
      reason: 'ended',
    })
    release()
    // The one before the user is refused too: its account is gone.
    expect(
      (await first).walk((e: unknown) => e instanceof SessionNotFoundError),
    ).toBeInstanceOf(SessionNotFoundError)
  })
})

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
