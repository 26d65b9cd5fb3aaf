import {
  connect,
  disconnect,
  getConnectorClient,
  signMessage,
} from '@wagmi/core'
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
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

it('a stamp the session key made before the disconnect is refused after it', async () => {
  const user = await signUp(vendor, `revoked${Date.now()}`)
  stubWebauthn(() => user.passkey)
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
  const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
  const config = passkeyHostConfig(vendor, [mainnet])
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
      session: { endOthersOnLogIn: endOthers },
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
