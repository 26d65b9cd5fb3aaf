import { describe, expect, it } from 'vitest'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import { InvalidPasskeyWalletParameterError } from './errors.js'
import {
  checkPasskeyWalletParameters,
  defaultExportFrameUrl,
} from './passkeyParameters.js'
import { type PasskeyWalletParameters, passkeyWallet } from './passkeyWallet.js'

const valid: PasskeyWalletParameters = {
  organizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abc',
  createAccount: async () => ({
    subOrganizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abd',
  }),
}

describe('passkeyWallet options', () => {
  it('accepts a session of a day, and of 7 days only with allowLong', () => {
    const profileId = '2b5a3c1e-7d4f-4e8a-9b6c-1f0e2d3c4b5a'
    expect(
      checkPasskeyWalletParameters({
        ...valid,
        session: { profileId, expirationSeconds: 86_400 },
      }).sessionSeconds,
    ).toBe(86_400)
    expect(
      checkPasskeyWalletParameters({
        ...valid,
        session: { profileId, expirationSeconds: 604_800, allowLong: true },
      }).sessionSeconds,
    ).toBe(604_800)
  })

  it('makes a session key only under a profile, or as a root key asked for by name', () => {
    const profileId = '2b5a3c1e-7d4f-4e8a-9b6c-1f0e2d3c4b5a'
    const keyFor = (session: PasskeyWalletParameters['session']) => {
      const { sessionSeconds, sessionProfileId } = checkPasskeyWalletParameters(
        { ...valid, session },
      )
      return { sessionSeconds, sessionProfileId }
    }
    // No profile: the passkey signs every request.
    expect(keyFor(undefined)).toEqual({
      sessionSeconds: undefined,
      sessionProfileId: undefined,
    })
    expect(keyFor({ expirationSeconds: 600 })).toEqual({
      sessionSeconds: undefined,
      sessionProfileId: undefined,
    })
    expect(keyFor({ profileId })).toEqual({
      sessionSeconds: 900,
      sessionProfileId: profileId,
    })
    expect(keyFor({ unscopedRootKey: true })).toEqual({
      sessionSeconds: 900,
      sessionProfileId: undefined,
    })
    // A length is checked even where no key is made.
    expect(() => keyFor({ expirationSeconds: 10 })).toThrow(
      'invalid `session.expirationSeconds`',
    )
    expect(() =>
      keyFor({ unscopedRootKey: 'yes' as unknown as boolean }),
    ).toThrow(
      'passkeyWallet: invalid `session.unscopedRootKey`: expected true or false.',
    )
    expect(() => keyFor({ profileId, unscopedRootKey: true })).toThrow(
      'passkeyWallet: invalid `session.unscopedRootKey`: expected no `profileId` beside it: a key under a profile is not a root key.',
    )
  })

  it('accepts the minimal options, with their defaults, and names itself for wagmi', () => {
    expect(checkPasskeyWalletParameters(valid)).toEqual({
      apiBaseUrl: 'https://api.turnkey.com',
      // No session profile: no session key.
      sessionSeconds: undefined,
      sessionProfileId: undefined,
      endOthersOnLogIn: true,
      exportFrameUrl: defaultExportFrameUrl,
      recoveryFrameUrl: 'https://auth.turnkey.com',
      authProxy: undefined,
      vendorTimeoutMs: 10_000,
      backendTimeoutMs: 30_000,
      frameTimeoutMs: 10_000,
      sponsorship: false,
    })
    expect(typeof passkeyWallet(valid)).toBe('function')
    expect(passkeyWallet.type).toBe('passkeyWallet')
  })

  it.each([
    [
      'organizationId',
      { organizationId: 'org-1' },
      /invalid `organizationId`: expected the vendor organization id, a UUID/,
    ],
    [
      'apiBaseUrl',
      { apiBaseUrl: 'api.turnkey.com' },
      /invalid `apiBaseUrl`: expected an https:\/\/ URL \(http:\/\/ only on localhost or 127\.0\.0\.1\)/,
    ],
    [
      'rpId',
      { rpId: 'https://example.com' },
      /invalid `rpId`: expected a hostname/,
    ],
    ['rpId', { rpId: '10.0.0.1' }, /invalid `rpId`/],
    [
      'createAccount',
      { createAccount: undefined },
      /invalid `createAccount`: expected a function/,
    ],
    [
      'session.expirationSeconds',
      { session: { expirationSeconds: 10 } },
      /from 30 to 86400/,
    ],
    [
      'session.expirationSeconds',
      { session: { expirationSeconds: 90.5 } },
      /whole seconds/,
    ],
    [
      'session.expirationSeconds',
      { session: { expirationSeconds: 86_401 } },
      /from 30 to 86400 \(a day; up to 604800 with `allowLong: true`\)/,
    ],
    [
      'session.expirationSeconds',
      { session: { expirationSeconds: 604_801, allowLong: true } },
      /from 30 to 604800 \(7 days\)/,
    ],
    [
      'vendorTimeoutMs',
      { vendorTimeoutMs: 500 },
      /invalid `vendorTimeoutMs`: expected whole milliseconds from 1000 to 60000/,
    ],
    [
      'backendTimeoutMs',
      { backendTimeoutMs: '30000' },
      /invalid `backendTimeoutMs`: expected whole milliseconds from 1000 to 120000/,
    ],
    [
      'frameTimeoutMs',
      { frameTimeoutMs: Number.POSITIVE_INFINITY },
      /invalid `frameTimeoutMs`: expected whole milliseconds from 1000 to 60000/,
    ],
    [
      'sponsorship',
      { sponsorship: 'always' },
      /invalid `sponsorship`: expected true, false, or \{ chainIds \} listing one or more chain ids/,
    ],
    [
      'oidc that only looks like socialLogin()’s',
      { oidc: { signIns: async () => ({}) } },
      /invalid `oidc`: expected `socialLogin\(\{ providers \}\)`/,
    ],
    [
      'oidc given as plain options',
      { oidc: { providers: [{ id: 'google', clientId: 'app' }] } },
      /invalid `oidc`: expected `socialLogin\(\{ providers \}\)` from wagmi-connector-pack\/social-login/,
    ],
  ])('names a bad %s', (_, override, message) => {
    const check = () =>
      checkPasskeyWalletParameters({
        ...valid,
        ...override,
      } as PasskeyWalletParameters)
    expect(check).toThrow(InvalidPasskeyWalletParameterError)
    expect(check).toThrow(message)
  })

  it('with a bad option, the config is still created and its other connectors work; connect(), getRecovery() and getExport() reject with the option named', async () => {
    const { createConfig, http, mock } = await import('@wagmi/core')
    const { mainnet } = await import('viem/chains')
    const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const config = createConfig({
      chains: [mainnet],
      connectors: [
        passkeyWallet({ ...valid, organizationId: 'acme-production' }),
        mock({ accounts: [account] }),
      ],
      transports: { [mainnet.id]: http('http://127.0.0.1:1') },
      storage: null,
    })
    const [passkey, other] = config.connectors as unknown as [
      {
        connect(): Promise<unknown>
        getRecovery(): Promise<unknown>
        getExport(): Promise<unknown>
      },
      { connect(): Promise<{ accounts: readonly string[] }> },
    ]
    const named = {
      name: 'InvalidPasskeyWalletParameterError',
      shortMessage:
        'passkeyWallet: invalid `organizationId`: expected the vendor organization id, a UUID.',
    }
    await expect(passkey.connect()).rejects.toMatchObject(named)
    await expect(passkey.getExport()).rejects.toMatchObject(named)
    // No recovery configured either: the bad option is named first.
    await expect(passkey.getRecovery()).rejects.toMatchObject(named)
    expect((await other.connect()).accounts).toEqual([account])
    const withRecovery = createConfig({
      chains: [mainnet],
      connectors: [
        passkeyWallet({
          ...valid,
          recovery: { start: async () => Response.json({}) },
          exportFrameUrl: 'http://frame.example.com',
        }),
      ],
      transports: { [mainnet.id]: http('http://127.0.0.1:1') },
      storage: null,
    }).connectors[0] as unknown as { getRecovery(): Promise<unknown> }
    await expect(withRecovery.getRecovery()).rejects.toMatchObject({
      name: 'InvalidPasskeyWalletParameterError',
      shortMessage: expect.stringContaining('`exportFrameUrl`'),
    })
  })
})

describe('passkeyWallet without socialLogin', () => {
  it('refuses a provider sign-in and the provider links with a typed error naming `oidc`', async () => {
    const { createConfig, http } = await import('@wagmi/core')
    const { mainnet } = await import('viem/chains')
    const connector = createConfig({
      chains: [mainnet],
      connectors: [passkeyWallet(valid)],
      transports: { [mainnet.id]: http('http://127.0.0.1:1') },
      storage: null,
    }).connectors[0] as unknown as {
      connect(parameters: { oidc: { provider: string } }): Promise<unknown>
      getProviderLinks(): Promise<unknown>
    }
    const named = {
      name: 'InvalidPasskeyWalletParameterError',
      shortMessage:
        'passkeyWallet: invalid `oidc`: expected `socialLogin({ providers })` from wagmi-connector-pack/social-login.',
    }
    await expect(
      connector.connect({ oidc: { provider: 'google' } }),
    ).rejects.toMatchObject(named)
    await expect(connector.getProviderLinks()).rejects.toMatchObject(named)
  })

  it('with `oidc` given as the old plain options, reconnects quietly (isAuthorized false) and connect() names `oidc`', async () => {
    const { createConfig, http } = await import('@wagmi/core')
    const { mainnet } = await import('viem/chains')
    const connector = createConfig({
      chains: [mainnet],
      connectors: [
        passkeyWallet({
          ...valid,
          oidc: { providers: [{ id: 'google', clientId: 'app' }] },
        } as unknown as PasskeyWalletParameters),
      ],
      transports: { [mainnet.id]: http('http://127.0.0.1:1') },
      storage: null,
    }).connectors[0]!
    await expect(connector.isAuthorized()).resolves.toBe(false)
    await expect(connector.connect()).rejects.toMatchObject({
      name: 'InvalidPasskeyWalletParameterError',
      shortMessage: expect.stringContaining('invalid `oidc`'),
    })
  })
})

describe('passkeyWallet with the Auth Proxy', () => {
  const authProxy = { configId: '0b9e4c52-4b4f-4c0a-9d3e-6c1f4f5a2b11' }
  async function connectorWith(parameters: PasskeyWalletParameters) {
    const { createConfig, http } = await import('@wagmi/core')
    const { mainnet } = await import('viem/chains')
    const config = createConfig({
      chains: [mainnet],
      connectors: [passkeyWallet(parameters)],
      transports: { [mainnet.id]: http() },
      storage: null,
    })
    return config.connectors[0] as unknown as {
      getRecovery(): Promise<{
        getSnapshot(): { step: string; types: readonly string[] }
      }>
    }
  }

  it('needs neither createAccount nor recovery.start, and recovers by email code only', async () => {
    const connector = await connectorWith({
      organizationId: valid.organizationId,
      authProxy,
    })
    const flow = await connector.getRecovery()
    expect(flow.getSnapshot()).toMatchObject({ step: 'idle', types: ['email'] })
  })

  it('keeps the host backend’s recovery when recovery.start is given too', async () => {
    const connector = await connectorWith({
      ...valid,
      authProxy,
      recovery: { start: async () => Response.json({}) },
    })
    expect((await connector.getRecovery()).getSnapshot().types).toEqual([
      'email',
      'passkey',
    ])
  })

  it('without recovery.start or authProxy, recovery is not configured', async () => {
    const connector = await connectorWith(valid)
    await expect(connector.getRecovery()).rejects.toMatchObject({
      name: 'RecoveryNotConfiguredError',
    })
  })
})

describe('passkeyWallet in a wagmi config', () => {
  async function setup(
    stored: Record<string, string> = {},
    order: 'mainnet first' | 'base first' = 'mainnet first',
    parameters: PasskeyWalletParameters = valid,
  ) {
    const { createConfig, createStorage, http } = await import('@wagmi/core')
    const { base, mainnet } = await import('viem/chains')
    const raw = new Map(Object.entries(stored))
    const config = createConfig({
      chains: order === 'mainnet first' ? [mainnet, base] : [base, mainnet],
      connectors: [passkeyWallet(parameters)],
      transports: { [mainnet.id]: http(), [base.id]: http() },
      storage: createStorage({
        storage: {
          getItem: (key) => raw.get(key) ?? null,
          setItem: (key, value) => void raw.set(key, value),
          removeItem: (key) => void raw.delete(key),
        },
      }),
    })
    return { connector: config.connectors[0]!, raw }
  }
  const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

  it('with a bad option, answers its accounts and chain from storage while the code that refuses the option loads', async () => {
    const { connector } = await setup(
      {
        'wagmi.passkeyWallet.activeAccount': JSON.stringify(account),
        'wagmi.passkeyWallet.subOrganizationId': JSON.stringify(
          valid.organizationId,
        ),
        'wagmi.passkeyWallet.chainId': '8453',
      },
      'mainnet first',
      { ...valid, apiBaseUrl: 'api.turnkey.com' },
    )
    const connecting = connector.connect()
    const [accounts, chainId] = [
      connector.getAccounts(),
      connector.getChainId(),
    ]
    await expect(connecting).rejects.toMatchObject({
      name: 'InvalidPasskeyWalletParameterError',
    })
    expect(await accounts).toEqual([account])
    expect(await chainId).toBe(8453)
  })

  it('is authorized from stored public data alone, and never throws on garbage', async () => {
    const { connector } = await setup({
      'wagmi.passkeyWallet.activeAccount': JSON.stringify(
        account.toLowerCase(),
      ),
      'wagmi.passkeyWallet.subOrganizationId': JSON.stringify(
        valid.organizationId,
      ),
      'wagmi.passkeyWallet.chainId': '8453',
    })
    expect(await connector.isAuthorized()).toBe(true)
    expect(await connector.getAccounts()).toEqual([account])
    expect(await connector.getChainId()).toBe(8453)

    const garbage = await setup({
      'wagmi.passkeyWallet.activeAccount': '{not json',
      'wagmi.passkeyWallet.subOrganizationId': JSON.stringify('not-a-uuid'),
    })
    expect(await garbage.connector.isAuthorized()).toBe(false)
    expect(await garbage.connector.getAccounts()).toEqual([])
    expect(
      [...garbage.raw.keys()].filter((key) => key.includes('passkeyWallet')),
    ).toEqual([])
  })

  it('reports chain 1 before connecting, whatever chain the config lists first', async () => {
    const { connector } = await setup({}, 'base first')
    expect(await connector.getChainId()).toBe(1)
  })

  it('switches only among the configured chains', async () => {
    const { connector } = await setup()
    await expect(connector.switchChain!({ chainId: 10 })).rejects.toThrow(
      'Could not find network mapping for chain',
    )
    await expect(connector.connect({ chainId: 10 })).rejects.toThrow(
      'Could not find network mapping for chain',
    )
  })

  it('disconnects cleanly without ever having loaded its runtime', async () => {
    const { connector, raw } = await setup({
      'wagmi.passkeyWallet.activeAccount': JSON.stringify(account),
      'wagmi.passkeyWallet.subOrganizationId': JSON.stringify(
        valid.organizationId,
      ),
    })
    await connector.disconnect()
    expect(
      [...raw.keys()].filter((key) => key.includes('passkeyWallet')),
    ).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
  })
})

describe('disconnect while connecting', () => {
  it('a disconnect that lands while the connection is being stored leaves nothing stored and isAuthorized() false', async () => {
    const { createConfig, createStorage, http } = await import('@wagmi/core')
    const { mainnet } = await import('viem/chains')
    // Writes apply at once (as localStorage does) and finish when the test says.
    const entries = new Map<string, string>()
    const writesFinish: (() => void)[] = []
    const storage = createStorage({
      key: 'host',
      storage: {
        getItem: (key) => entries.get(key) ?? null,
        setItem: (key, value) => {
          entries.set(key, value)
          // wagmi's own state is written as usual; the connector's writes wait.
          if (!key.includes('passkeyWallet')) return
          return new Promise<void>((resolve) => writesFinish.push(resolve))
        },
        removeItem: (key) => void entries.delete(key),
      },
    })
    const address = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
    const organizationId = '5f0c8a3e-1b2d-4c6e-9f70-123456789abd'
    entries.set('host.passkeyWallet.activeAccount', JSON.stringify(address))
    entries.set(
      'host.passkeyWallet.subOrganizationId',
      JSON.stringify(organizationId),
    )
    const config = createConfig({
      chains: [mainnet],
      connectors: [passkeyWallet({ ...valid, session: false })],
      transports: { [mainnet.id]: http('http://127.0.0.1:1') },
      storage,
    })
    const [connector] = config.connectors
    if (!connector) throw new Error('no connector')

    let settled = false
    const connecting = connector.connect({ isReconnecting: true })
    let failure: unknown
    const outcome = connecting.then(
      () => 'connected',
      (error: { shortMessage?: string; message: string }) => {
        failure = error
        return error.shortMessage ?? error.message
      },
    )
    void outcome.finally(() => {
      settled = true
    })
    // The reconnect reached its first write: the user disconnects, and that finishes first.
    await expect.poll(() => writesFinish.length).toBe(1)
    await connector.disconnect()
    // Then the connect goes on, one write at a time.
    while (!settled) {
      writesFinish.shift()?.()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    // The connection that was abandoned: 'No session found'.
    expect(await outcome).toBe('No session found')
    // The SessionNotFoundError hosts check for, its reason saying the disconnect abandoned it.
    expect(failure).toBeInstanceOf(SessionNotFoundError)
    expect(failure).toMatchObject({
      name: 'SessionNotFoundError',
      code: 'session_not_found',
      reason: 'abandoned',
    })

    expect(
      [...entries.keys()].filter((key) => key.includes('passkeyWallet')),
    ).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
  })
})
