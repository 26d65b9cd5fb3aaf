import { createConfig, createStorage } from '@wagmi/core'
import { http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import { walletConnectDeepLink } from './walletConnectDeepLink.js'

// Counts the imports of the SDK and of the runtime, which stay as they
// are, and the SDK clients started (each opens the relay socket).
const imported = vi.hoisted(() => ({ sdk: 0, session: 0 }))
const clientsStarted = vi.hoisted(() => ({ count: 0 }))
vi.mock('@walletconnect/sign-client', async (importOriginal) => {
  imported.sdk++
  const sdk =
    await importOriginal<typeof import('@walletconnect/sign-client')>()
  const init: typeof sdk.SignClient.init = (options) => {
    clientsStarted.count++
    return sdk.SignClient.init(options)
  }
  return { ...sdk, SignClient: { ...sdk.SignClient, init } }
})
vi.mock('./walletConnectRuntime.js', async (importOriginal) => {
  imported.session++
  return importOriginal()
})

// Everything here happens before any pairing: no relay, no SDK needed yet.
// Pairing, signing and switching run over the sandbox relay in test/integration.
let hosts = 0

function hostWith(parameters: Parameters<typeof walletConnectDeepLink>[0]) {
  const memory = new Map<string, string>()
  const config = createConfig({
    chains: [base, mainnet],
    // Each host its own SDK core, as two apps would have.
    connectors: [
      walletConnectDeepLink({
        storagePrefix: `unit-${++hosts}`,
        ...parameters,
      }),
    ],
    storage: createStorage({
      key: 'host',
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    }),
    transports: {
      [base.id]: http('http://127.0.0.1:1'),
      [mainnet.id]: http('http://127.0.0.1:1'),
    },
  })
  return { connector: config.connectors[0]!, memory }
}

describe('walletConnectDeepLink before pairing', () => {
  it('reports chain 1, no accounts and no pairing, and is not authorized', async () => {
    const { connector } = hostWith({ projectId: 'p' })
    expect(await connector.getChainId()).toBe(1)
    expect(await connector.getAccounts()).toEqual([])
    expect(
      (connector as unknown as { getPairing(): unknown }).getPairing(),
    ).toBeUndefined()
  })

  it('a request without a session says so', async () => {
    const { connector } = hostWith({
      projectId: 'p',
      relayUrl: 'ws://127.0.0.1:1',
    })
    const provider = (await connector.getProvider()) as {
      request(args: { method: string }): Promise<unknown>
    }
    await expect(
      provider.request({ method: 'personal_sign' }),
    ).rejects.toMatchObject({ shortMessage: 'No session found' })
  })

  it('loads nothing for a visitor who never connects: setup, reconnect and reads stay local', async () => {
    const { connector, memory } = hostWith({
      projectId: 'p',
      relayUrl: 'ws://127.0.0.1:1',
    })
    // A stored topic that is garbage is no session to restore either.
    memory.set('host.walletConnectDeepLink.sessionTopic', '"not-a-topic"')
    await connector.setup?.()
    expect(await connector.isAuthorized()).toBe(false)
    expect(memory.has('host.walletConnectDeepLink.sessionTopic')).toBe(false)
    expect(await connector.getChainId()).toBe(1)
    expect(await connector.getAccounts()).toEqual([])
    const provider = (await connector.getProvider()) as {
      request(args: { method: string }): Promise<unknown>
    }
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await connector.disconnect()
    expect(imported).toEqual({ sdk: 0, session: 0 })
  })

  it('a stored session is what loads the SDK and the session code on reload, both at once', async () => {
    const before = { ...imported }
    const { connector, memory } = hostWith({
      projectId: 'p',
      relayUrl: 'ws://127.0.0.1:1',
    })
    memory.set(
      'host.walletConnectDeepLink.sessionTopic',
      JSON.stringify('ab'.repeat(32)),
    )
    // The SDK holds no such session here, so there is nothing to restore.
    expect(await connector.isAuthorized()).toBe(false)
    expect(imported).toEqual({
      sdk: before.sdk + 1,
      session: before.session + 1,
    })
    // The session starts a client to look for it (after isAuthorized() has
    // answered, when the restore outlasted its wait on a busy machine).
    await vi.waitFor(() => expect(clientsStarted.count).toBeGreaterThan(0), {
      timeout: 20_000,
    })
  })

  it('refuses to switch to a chain the config does not have', async () => {
    const { connector } = hostWith({ projectId: 'p' })
    await expect(connector.switchChain!({ chainId: 10 })).rejects.toMatchObject(
      {
        shortMessage: 'Could not find network mapping for chain',
      },
    )
  })

  it('drops stored garbage instead of trusting it', async () => {
    const { memory } = hostWith({ projectId: 'p' })
    memory.set('host.walletConnectDeepLink.activeAccount', '"0xnot-an-address"')
    const { connector } = hostWith({ projectId: 'p' })
    expect(await connector.getAccounts()).toEqual([])
  })
})

describe('walletConnectDeepLink with a bad option', () => {
  it('is still created with the config; connect() rejects naming the option, before the relay is reached', async () => {
    let connector: ReturnType<typeof hostWith>['connector'] | undefined
    expect(() => {
      connector = hostWith({
        projectId: 'p',
        relayUrl: 'ws://127.0.0.1:1',
        deepLink: 'app' as never,
      }).connector
    }).not.toThrow()
    const started = clientsStarted.count
    await expect(connector!.connect()).rejects.toMatchObject({
      name: 'InvalidWalletConnectParameterError',
      shortMessage:
        "walletConnectDeepLink: `deepLink` must be 'native' or 'universal'.",
    })
    expect(clientsStarted.count).toBe(started)
    expect(connector!.getPairing()).toBeUndefined()
  })
})
