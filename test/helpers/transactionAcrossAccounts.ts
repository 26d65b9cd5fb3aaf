import {
  type Config,
  connect,
  disconnect,
  getConnection,
  reconnect,
} from '@wagmi/core'
import {
  type BaseError,
  type Chain,
  type Hex,
  stringToHex,
  UnauthorizedProviderError,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { SessionNotFoundError } from '../../src/core/sessionNotFound.js'
import type { PasskeyProvider } from '../../src/passkey/passkeyWallet.js'
import type { Gate } from './gate.js'
import { passkeyHostConfig, stubWebauthn } from './passkeyHostInNode.js'
import type { SoftwareAuthenticator } from './softwareAuthenticator.js'
import { signUp } from './vendorUsers.js'

// No `from`: the wallet would sign it for whoever is connected when it runs.
const transactionWithoutSender = {
  method: 'eth_signTransaction',
  params: [
    {
      to: '0x000000000000000000000000000000000000dEaD',
      value: '0x0',
      gas: '0x5208',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
      nonce: '0x0',
    },
  ],
} as const

type User = Awaited<ReturnType<typeof signUp>>

/**
 * The vendor emulator, two users signed up with the backend, WebAuthn
 * answered by whichever user's passkey is current, and the path of every
 * request the page sends to the vendor.
 */
async function startTwoUsers() {
  const vendor: Vendor = await startVendor()
  const [first, second] = await Promise.all([
    signUp(vendor, `first${Date.now()}`),
    signUp(vendor, `second${Date.now()}`),
  ])
  let current: SoftwareAuthenticator = first.passkey
  stubWebauthn(() => current)
  const vendorCalls: string[] = []
  const send = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.startsWith(vendor.url)) vendorCalls.push(new URL(url).pathname)
    return send(input, init)
  })
  return {
    vendor,
    first,
    second,
    vendorCalls,
    /** The user whose passkey answers the next prompt. */
    promptAs(user: User) {
      current = user.passkey
    },
    async stop() {
      vi.unstubAllGlobals()
      await vendor.stop()
    },
  }
}

type TwoUsers = Awaited<ReturnType<typeof startTwoUsers>>

/**
 * The first user connects, then asks a transaction with no sender; while
 * `gate` holds the code it needs, `meanwhile` runs (a disconnect and another
 * log-in, a reconnect…); then the gate opens. The transaction's outcome, and how many transactions the
 * vendor was asked to sign meanwhile.
 */
async function askTransactionWhile(
  users: TwoUsers,
  chains: readonly [Chain, ...Chain[]],
  {
    gate,
    meanwhile,
  }: {
    gate: Gate
    meanwhile: (config: Config) => Promise<User>
  },
) {
  const config = passkeyHostConfig(users.vendor, chains)
  const connector = config.connectors[0]!
  const callsBefore = users.vendorCalls.length
  users.promptAs(users.first)
  await connect(config, { connector })
  const provider = (await connector.getProvider()) as PasskeyProvider
  const outcome = provider.request(transactionWithoutSender).then(
    (signed: Hex) => ({ signed }),
    (error: BaseError) => ({ error }),
  )
  // The request is waiting for the code when `meanwhile` starts.
  await gate.entered
  const connected = await meanwhile(config)
  expect(getConnection(config).address).toBe(connected.address)
  gate.release()
  const answered: { signed?: Hex; error?: BaseError } = await outcome
  // The connected account's own requests are answered as usual, in turn:
  // once its signature is back, nothing asked before it is still running.
  const message = stringToHex('after the transaction')
  const signature = await provider.request({
    method: 'personal_sign',
    params: [message, connected.address],
  })
  expect(
    await verifyMessage({
      address: connected.address,
      message: { raw: message },
      signature,
    }),
  ).toBe(true)
  await disconnect(config)
  const signedTransactions = users.vendorCalls
    .slice(callsBefore)
    .filter((path) => path.endsWith('/sign_transaction')).length
  return { answered, signedTransactions }
}

/** The first user disconnects and the second logs in. */
const disconnectAndLogInSecond =
  (users: TwoUsers) => async (config: Config) => {
    await disconnect(config)
    users.promptAs(users.second)
    await connect(config, { connector: config.connectors[0]! })
    return users.second
  }

/** The page reconnects the same user (as WagmiProvider does when it renders again). */
const reconnectFirst = (users: TwoUsers) => async (config: Config) => {
  await reconnect(config)
  return users.first
}

/**
 * Refused because its session ended (viem's UnauthorizedProviderError, 4100,
 * caused by SessionNotFoundError, its reason `'ended'`), and never sent to the vendor to sign.
 */
function expectRefusedAndNotSigned({
  answered,
  signedTransactions,
}: Awaited<ReturnType<typeof askTransactionWhile>>) {
  expect(answered).toEqual({ error: expect.any(UnauthorizedProviderError) })
  expect(
    answered.error!.walk((cause) => cause instanceof SessionNotFoundError),
  ).toMatchObject({ name: 'SessionNotFoundError', reason: 'ended' })
  expect(signedTransactions).toBe(0)
}

/** Answered: signed once by the vendor, for the user who asked. */
function expectSignedForFirst({
  answered,
  signedTransactions,
}: Awaited<ReturnType<typeof askTransactionWhile>>) {
  expect(answered.error).toBeUndefined()
  expect(answered.signed).toMatch(/^0x02[0-9a-f]+$/)
  expect(signedTransactions).toBe(1)
}

/**
 * One test file's case: two users on the vendor emulator, a transaction
 * asked of the first while `gate` holds the code it needs, `meanwhile`
 * (a disconnect and the second's log-in, or the first's reconnect), and
 * what must come of it: refused and never signed, or signed for the first.
 */
export function transactionWhileCodeLoads(
  title: string,
  {
    gate,
    meanwhile,
    outcome,
  }: {
    gate: Gate
    meanwhile: 'second logs in' | 'first reconnects'
    outcome: 'refused' | 'signed for the first'
  },
) {
  const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
  let users: TwoUsers | undefined
  beforeAll(async () => {
    users = await startTwoUsers()
  })
  afterAll(async () => {
    await users?.stop()
  })
  it(title, async () => {
    const answered = await askTransactionWhile(users!, [mainnet], {
      gate,
      meanwhile: (meanwhile === 'second logs in'
        ? disconnectAndLogInSecond
        : reconnectFirst)(users!),
    })
    if (outcome === 'refused') expectRefusedAndNotSigned(answered)
    else expectSignedForFirst(answered)
  }, 30_000)
}
