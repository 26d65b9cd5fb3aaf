import { connect, disconnect, reconnect } from '@wagmi/core'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { sessionKeyStore } from '../../src/passkey/sessionKeyStore.js'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import { createSessionStamper } from '../../src/turnkey/stampers.js'
import { createGate } from '../helpers/gate.js'
import { getConnection } from '../helpers/getConnection.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { signUp } from '../helpers/vendorUsers.js'

/*
 * A disconnect in the middle of a connection being made leaves nothing
 * behind: not a ceremony the next connect would join, and not a session key.
 */

const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)

let vendor: Vendor
beforeAll(async () => {
  vendor = await startVendor()
})
afterAll(async () => {
  vi.unstubAllGlobals()
  await vendor.stop()
})

it('disconnect during the log-in prompt, then connect again: one new prompt, and connected', async () => {
  const user = await signUp(vendor, `left${Date.now()}`)
  const firstPrompt = createGate()
  let prompts = 0
  // The user leaves the first prompt open; they answer the next at once.
  stubWebauthn(
    () => user.passkey,
    () =>
      ++prompts === 1 ? firstPrompt.hold(() => undefined) : Promise.resolve(),
  )
  const config = passkeyHostConfig(vendor, [mainnet])
  const [connector] = config.connectors
  const abandoned = connect(config, { connector: connector! })
  abandoned.catch(() => undefined)
  await firstPrompt.entered
  await disconnect(config, { connector: connector! })

  const again = connect(config, { connector: connector! })
  // Had the new connect joined the first ceremony, this answer would connect nothing.
  firstPrompt.release()
  const connected = await again
  expect(connected.accounts.map((a) => a.toLowerCase())).toEqual([
    user.address.toLowerCase(),
  ])
  expect(config.state.status).toBe('connected')
  expect(prompts).toBe(2)
  // The first prompt was closed unanswered: the passkey signed once, for the second.
  expect(user.passkey.counter).toBe(1)
  await expect(abandoned).rejects.toMatchObject({
    name: 'SessionNotFoundError',
    reason: 'abandoned',
  })
  await disconnect(config)
})

it('disconnect while a reload reconnects: the session key it read is revoked at the vendor and gone from IndexedDB', async () => {
  // Node has no IndexedDB: an in-memory one, as the browser's would be.
  vi.stubGlobal('indexedDB', new IDBFactory())
  const user = await signUp(vendor, `reloaded${Date.now()}`)
  stubWebauthn(() => user.passkey)
  const { storage } = memoryStorage('host')
  const storeKey = `${storage.key}.passkeyWallet`
  const first = passkeyHostConfig(vendor, [mainnet], {}, storage)
  await connect(first, { connector: first.connectors[0]! })
  const key = (await sessionKeyStore.get(storeKey))!
  expect(key).toBeDefined()
  const vendorClient = createVendorClient({ baseUrl: vendor.url })
  const keyStillSigns = () =>
    vendorClient
      .query(
        'whoami',
        { organizationId: key.organizationId },
        createSessionStamper(key),
      )
      .then(
        () => true,
        () => false,
      )
  expect(await keyStillSigns()).toBe(true)

  // The page reloads: a new config on the same storage reconnects from it,
  // and the user disconnects while the stored key is being read.
  const reloaded = passkeyHostConfig(vendor, [mainnet], {}, storage)
  const read = createGate()
  const get = sessionKeyStore.get
  vi.spyOn(sessionKeyStore, 'get').mockImplementationOnce(async (at) => {
    const stored = await get(at)
    return read.hold(() => stored)
  })
  const reconnecting = reconnect(reloaded)
  await read.entered
  await disconnect(reloaded, { connector: reloaded.connectors[0]! })
  read.release()
  await reconnecting
  expect(getConnection(reloaded).status).toBe('disconnected')
  expect(await sessionKeyStore.get(storeKey)).toBeUndefined()
  // The key the reconnect read has no authority left.
  await vi.waitUntil(async () => !(await keyStillSigns()), { timeout: 5_000 })
  vi.unstubAllGlobals()
})

it('a second click on log-in while its prompt is open joins it (one prompt), and a sign-up meanwhile is refused with RequestRefusedError', async () => {
  const user = await signUp(vendor, `twice${Date.now()}`)
  const prompt = createGate()
  let prompts = 0
  stubWebauthn(
    () => user.passkey,
    () => (++prompts === 1 ? prompt.hold(() => undefined) : Promise.resolve()),
  )
  const config = passkeyHostConfig(vendor, [mainnet])
  const connector = config.connectors[0]!
  const first = connector.connect()
  await prompt.entered
  const second = connector.connect()
  await expect(
    connector.connect({ signUp: { userName: 'meanwhile' } } as never),
  ).rejects.toMatchObject({
    name: 'RequestRefusedError',
    details: 'a log-in is already waiting for the passkey',
  })
  prompt.release()
  const [one, two] = await Promise.all([first, second])
  expect(two.accounts).toEqual(one.accounts)
  expect(prompts).toBe(1)
  await connector.disconnect()
})
