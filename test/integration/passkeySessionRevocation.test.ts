import { randomUUID } from 'node:crypto'
import {
  connect,
  disconnect,
  getConnectorClient,
  reconnect,
  signMessage,
} from '@wagmi/core'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import type {
  PasskeyWalletConnector,
  PasskeyWalletParameters,
} from '../../src/passkey/passkeyWallet.js'
import { sessionKeyStore } from '../../src/passkey/sessionKeyStore.js'
import { generateStampingKey } from '../../src/turnkey/stampers.js'
import { getConnection } from '../helpers/getConnection.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { backendClient, signUp } from '../helpers/vendorUsers.js'

/*
 * A session key is worth nothing once the user disconnects: the connector
 * deletes it at the vendor, so a request it stamped before (copied from the
 * network, or made with a stolen key) is refused afterwards, not until the
 * key would have expired.
 */

let vendor: Vendor
beforeAll(async () => {
  vendor = await startVendor()
})
afterAll(async () => {
  vi.unstubAllGlobals()
  await vendor.stop()
})

type Sent = { url: string; headers: Headers; body: string }

const sandboxMainnet = () => sandboxChains(inject('sandbox').rpcUrls)[0]!

/** The vendor requests made from now on, as they were sent. */
function recordVendorRequests() {
  const sent: Sent[] = []
  const send = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.startsWith(vendor.url))
      sent.push({
        url,
        headers: new Headers(init?.headers),
        body: String(init?.body),
      })
    return send(input, init)
  })
  return sent
}

/** The session key that stamped a request (`X-Stamp`), if one did. */
const stampedBy = ({ headers }: Sent) => {
  const stamp = headers.get('x-stamp')
  return stamp
    ? (
        JSON.parse(Buffer.from(stamp, 'base64url').toString()) as {
          publicKey: string
        }
      ).publicKey
    : undefined
}

/** The user's keys the vendor lists, as their public keys. */
const listedKeys = async ({
  organizationId,
  userId,
}: {
  organizationId: string
  userId: string
}) =>
  (
    await backendClient(vendor).getApiKeys({ organizationId, userId })
  ).apiKeys.map((apiKey) => apiKey.credential.publicKey)

/** Every record of the pack's IndexedDB store, as stored (the database exists: a key was stored). */
async function storedRecords() {
  const settled = <value>(request: IDBRequest<value>) =>
    new Promise<value>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  const database = await settled(indexedDB.open('wagmi-connector-pack'))
  try {
    return (await settled(
      database.transaction('session-keys').objectStore('session-keys').getAll(),
    )) as { publicKey?: unknown; state?: unknown }[]
  } finally {
    database.close()
  }
}

/** Where the user disconnects from. */
type DisconnectFrom =
  | 'the connected page'
  | 'a reload (the wallet’s code not loaded yet)'
  | 'a reload with an option too bad to reach the vendor'

/**
 * A user connected, then disconnected while the vendor's `delete_api_keys`
 * answered 500 (or, with a bad option, could not be asked): IndexedDB, the
 * host's storage and the session key it had.
 */
async function disconnectedWhileDeleteFails(
  userName: string,
  from: DisconnectFrom = 'the connected page',
) {
  // Node has no IndexedDB: an in-memory one, as the browser's would be.
  vi.stubGlobal('indexedDB', new IDBFactory())
  const user = await signUp(vendor, `${userName}${Date.now()}`)
  let prompts = 0
  stubWebauthn(() => {
    prompts++
    return user.passkey
  })
  const host = memoryStorage('host')
  const storeKey = `${host.storage.key}.passkeyWallet`
  // The next log-in must not end the key itself: only its revocation may.
  const options = {
    session: { unscopedRootKey: true, endOthersOnLogIn: false },
  }
  const page = (more: Partial<PasskeyWalletParameters> = {}) =>
    passkeyHostConfig(
      vendor,
      [sandboxMainnet()],
      { ...options, ...more },
      host.storage,
    )
  const config = page()
  await connect(config, { connector: config.connectors[0]! })
  const key = (await sessionKeyStore.get(storeKey))!
  expect(key).toBeDefined()
  const connected = new Map(host.memory)
  const leaving =
    from === 'the connected page'
      ? config
      : page(
          from === 'a reload with an option too bad to reach the vendor'
            ? { vendorTimeoutMs: 1 }
            : {},
        )
  vendor.faults.arm('/public/v1/submit/delete_api_keys', { kind: 'http500' })
  await disconnect(leaving, { connector: leaving.connectors[0]! })
  // Unused when the vendor was not asked: no later test meets it.
  vendor.faults.clear()
  return {
    user,
    key,
    storeKey,
    config,
    page,
    host,
    connected,
    prompts: () => prompts,
  }
}

/** The requests the key signed, by path: none but its revocation's, `get_api_keys` then `delete_api_keys`. */
const signedBy = (sent: Sent[], publicKey: string) =>
  sent
    .filter((request) => stampedBy(request) === publicKey)
    .map((request) => new URL(request.url).pathname)

const revocation = [
  '/public/v1/query/get_api_keys',
  '/public/v1/submit/delete_api_keys',
]

/** Until the key is gone from IndexedDB (its revocation runs in the background). */
const untilForgotten = (publicKey: string) =>
  vi.waitFor(
    async () =>
      expect(
        (await storedRecords()).map((record) => record.publicKey),
      ).not.toContain(publicKey),
    { timeout: 10_000, interval: 100 },
  )

it('a stamp the session key made before the disconnect is refused after it', async () => {
  const user = await signUp(vendor, `revoked${Date.now()}`)
  stubWebauthn(() => user.passkey)
  const send = globalThis.fetch
  const sent = recordVendorRequests()
  const config = passkeyHostConfig(vendor, [sandboxMainnet()])
  const [connector] = config.connectors
  await connect(config, { connector: connector! })
  // One message signed with the session key, no prompt.
  await signMessage(config, { message: 'before the disconnect' })
  const stamped = sent.find(
    (request) =>
      request.url.endsWith('/submit/sign_raw_payload') &&
      request.headers.has('x-stamp'),
  )!
  expect(stamped).toBeDefined()
  const replay = () =>
    send(stamped.url, {
      method: 'POST',
      headers: stamped.headers,
      body: stamped.body,
    })
  // While connected, the same stamp is still good: the vendor signs again.
  expect((await replay()).status).toBe(200)

  await disconnect(config, { connector: connector! })
  const refused = await replay()
  expect(refused.status).toBe(401)
  // Two requests, signed by the key itself, revoked it.
  expect(
    sent.slice(-2).map((request) => new URL(request.url).pathname),
  ).toEqual([
    '/public/v1/query/get_api_keys',
    '/public/v1/submit/delete_api_keys',
  ])
  await expect(getConnectorClient(config)).rejects.toThrow()
})

it.each([
  [
    true,
    'a second log-in ends the first one’s session: its next signature asks for the passkey',
  ],
  [
    false,
    'with endOthersOnLogIn: false, both sessions keep signing without a prompt',
  ],
] as const)('endOthersOnLogIn %s: %s', async (endOthers, _title) => {
  const user = await signUp(vendor, `twice${endOthers}${Date.now()}`)
  let prompts = 0
  stubWebauthn(() => {
    prompts++
    return user.passkey
  })
  const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
  const device = () =>
    passkeyHostConfig(vendor, [mainnet], {
      session: { unscopedRootKey: true, endOthersOnLogIn: endOthers },
    })
  const [first, second] = [device(), device()]
  await connect(first, { connector: first.connectors[0]! })
  await connect(second, { connector: second.connectors[0]! })
  expect(prompts).toBe(2)
  await signMessage(first, { message: 'from the first device' })
  expect(prompts).toBe(endOthers ? 3 : 2)
})

it('a signature on its way when the user disconnects ends with the session: refused, and no passkey prompt', async () => {
  const user = await signUp(vendor, `inflight${Date.now()}`)
  let prompts = 0
  stubWebauthn(() => {
    prompts++
    return user.passkey
  })
  // The network holds the session key's signature request until the disconnect is done.
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let held: (() => void) | undefined
  const reachedNetwork = new Promise<void>((resolve) => {
    held = resolve
  })
  const send = globalThis.fetch
  vi.stubGlobal(
    'fetch',
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      if (
        url.endsWith('/submit/sign_raw_payload') &&
        new Headers(init?.headers).has('x-stamp') &&
        held
      ) {
        held()
        held = undefined
        await released
      }
      return send(input, init)
    },
  )
  const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
  const config = passkeyHostConfig(vendor, [mainnet])
  const [connector] = config.connectors
  await connect(config, { connector: connector! })
  expect(prompts).toBe(1)
  const signing = signMessage(config, { message: 'on its way' }).then(
    () => 'signed',
    (error: Error) => error,
  )
  await reachedNetwork
  await disconnect(config, { connector: connector! })
  const outcome = await signing
  expect(outcome).toBeInstanceOf(Error)
  expect((outcome as Error & { code?: number }).code).toBe(4100)
  // The request reaches the vendor after its key was revoked.
  release()
  // The next request waits its turn behind the abandoned one (one passkey
  // prompt at a time): once it is answered, that one has ended too.
  await connect(config, { connector: connector! })
  await signMessage(config, { message: 'after logging in again' })
  // One prompt for each log-in, none for the abandoned signature.
  expect(prompts).toBe(2)
})

it('a log-in the user leaves while its session key is being made: the key is revoked at the vendor, not left to expire', async () => {
  const user = await signUp(vendor, `abandoned${Date.now()}`)
  stubWebauthn(() => user.passkey)
  // The network holds stamp_login's answer until the user has disconnected.
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let madeKey: ((publicKey: string) => void) | undefined
  const loginKey = new Promise<string>((resolve) => {
    madeKey = resolve
  })
  const send = globalThis.fetch
  vi.stubGlobal(
    'fetch',
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input)
      const answer = await send(input, init)
      if (url.endsWith('/submit/stamp_login') && madeKey) {
        madeKey(JSON.parse(String(init?.body)).parameters.publicKey)
        madeKey = undefined
        await released
      }
      return answer
    },
  )
  const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
  const config = passkeyHostConfig(vendor, [mainnet])
  const [connector] = config.connectors
  const connecting = connect(config, { connector: connector! }).catch(
    (error: Error) => error,
  )
  const publicKey = await loginKey
  const sessionKeys = async () =>
    (
      await backendClient(vendor).getApiKeys({
        organizationId: user.organizationId,
        userId: user.userId,
      })
    ).apiKeys.map((apiKey) => apiKey.credential.publicKey)
  expect(await sessionKeys()).toContain(publicKey)
  await disconnect(config, { connector: connector! })
  release()
  expect(await connecting).toBeInstanceOf(Error)
  await vi.waitFor(
    async () => expect(await sessionKeys()).not.toContain(publicKey),
    { timeout: 10_000, interval: 100 },
  )
})

it.each([
  ['the connected page', 'the next connect'],
  ['the connected page', 'the next load of the wallet’s code (a reload)'],
  [
    'a reload (the wallet’s code not loaded yet)',
    'the next load of the wallet’s code',
  ],
  [
    'a reload with an option too bad to reach the vendor',
    'the next load of the wallet’s code (with good options)',
  ],
] as [DisconnectFrom, string][])(
  'a disconnect from %s whose revocation failed keeps the key in IndexedDB as revoking; %s revokes it, and the vendor no longer lists it',
  async (from, next) => {
    const { user, key, storeKey, config, page } =
      await disconnectedWhileDeleteFails('retried', from)
    // disconnect() returned, but the key still has its authority at the vendor.
    expect(await listedKeys(user)).toContain(key.publicKey)
    // It is not the key a reconnect would read: it is kept apart, as revoking.
    expect(await sessionKeyStore.get(storeKey)).toBeUndefined()
    expect(await storedRecords()).toEqual([
      expect.objectContaining({ publicKey: key.publicKey, state: 'revoking' }),
    ])

    const sent = recordVendorRequests()
    if (next === 'the next connect')
      await connect(config, { connector: config.connectors[0]! })
    else
      await (
        page().connectors[0] as unknown as PasskeyWalletConnector
      ).prepare()
    await untilForgotten(key.publicKey)
    expect(await listedKeys(user)).not.toContain(key.publicKey)
    // The key signed its revocation, once, and nothing else.
    expect(signedBy(sent, key.publicKey)).toEqual(revocation)
    vi.unstubAllGlobals()
  },
)

it('a key being revoked never signs: a reload that still has the connection in web storage asks for the passkey', async () => {
  const { key, page, host, connected, prompts } =
    await disconnectedWhileDeleteFails('neverSigns')
  // The host's storage as it was before the disconnect cleared it.
  for (const [name, value] of connected) host.memory.set(name, value)
  const sent = recordVendorRequests()
  const reloaded = page()
  await reconnect(reloaded)
  expect(getConnection(reloaded).status).toBe('connected')
  const before = prompts()
  await signMessage(reloaded, { message: 'after the reload' })
  expect(prompts()).toBe(before + 1)
  // The passkey signed the message (no `X-Stamp`).
  expect(
    sent
      .filter((request) => request.url.endsWith('/submit/sign_raw_payload'))
      .map(stampedBy),
  ).toEqual([undefined])
  // The reload revoked the key meanwhile: the only requests it signed.
  await untilForgotten(key.publicKey)
  expect(signedBy(sent, key.publicKey)).toEqual(revocation)
  await disconnect(reloaded)
  vi.unstubAllGlobals()
})

it('a revoking key that has expired is deleted from IndexedDB without a request to the vendor', async () => {
  vi.stubGlobal('indexedDB', new IDBFactory())
  stubWebauthn(() => {
    throw new Error('no prompt expected')
  })
  const { storage } = memoryStorage('host')
  const storeKey = `${storage.key}.passkeyWallet`
  await sessionKeyStore.markRevoking(storeKey, {
    ...(await generateStampingKey()),
    organizationId: randomUUID(),
    userId: randomUUID(),
    expiresAt: Math.floor(Date.now() / 1000) - 1,
  })
  expect(await storedRecords()).toHaveLength(1)
  const sent = recordVendorRequests()
  const config = passkeyHostConfig(vendor, [sandboxMainnet()], {}, storage)
  await (config.connectors[0] as unknown as PasskeyWalletConnector).prepare()
  await vi.waitFor(async () => expect(await storedRecords()).toEqual([]), {
    timeout: 5_000,
    interval: 50,
  })
  expect(sent).toEqual([])
  vi.unstubAllGlobals()
})
