// @vitest-environment happy-dom
import {
  type Connector,
  connect,
  createConfig,
  createStorage,
  disconnect,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  ProviderNotFoundError as WagmiProviderNotFoundError,
} from '@wagmi/core'
import {
  defineChain,
  http,
  ResourceUnavailableRpcError,
  UserRejectedRequestError,
} from 'viem'
import { base, mainnet, optimism } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ChainNotConfiguredError,
  SwitchChainNotSupportedError,
  SwitchChainRejectedError,
} from '../core/chains.js'
import {
  ConnectionRejectedError,
  ProviderNotFoundError,
} from '../core/connectionErrors.js'
import {
  type WalletDescriptor,
  type WalletId,
  walletRegistry,
} from '../wallets/walletRegistry.js'
import {
  InAppBrowserNotFoundError,
  InvalidInjectedWalletParameterError,
  RedirectedToWalletError,
  WalletTimeoutError,
} from './errors.js'
import type { InjectedProvider } from './injectedParameters.js'
import { injectedWallet } from './injectedWallet.js'

// A wallet returns its accounts in lower case; the dapp sees them checksummed.
const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const aliceChecksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const bobChecksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// A chain the config has and the wallet does not know until it is added.
const devnet = defineChain({
  id: 777_001,
  name: 'Example Devnet',
  nativeCurrency: { name: 'Devnet Ether', symbol: 'DETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.devnet.example'] } },
  blockExplorers: {
    default: { name: 'Devnet Scan', url: 'https://scan.devnet.example' },
  },
})

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const android =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const metaMaskBrowser = `${iPhone} MetaMaskMobile/7.40.0`

type Listener = (...args: any[]) => void

function providerError(code: number, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(`wallet error ${code}`), { code, ...extra })
}

/**
 * A browser wallet's legacy provider answering from memory: it holds
 * `accounts`, grants them on `eth_requestAccounts`, knows `chains`.
 */
function fakeWallet({
  flags = { isMetaMask: true },
  authorized = false,
  chainId = mainnet.id,
  announcesSwitch = true,
}: {
  flags?: Record<string, unknown>
  authorized?: boolean
  chainId?: number
  /** Whether a switch fires `chainChanged` (some wallets stay quiet). */
  announcesSwitch?: boolean
} = {}) {
  const state = {
    accounts: [alice],
    authorized,
    chainId,
    chains: new Set([mainnet.id, base.id, chainId]),
    /** Every request, in order. */
    requests: [] as { method: string; params?: unknown }[],
    /** Methods that fail with this error. */
    failures: new Map<string, unknown>(),
    /** Methods the wallet never answers. */
    silent: new Set<string>(),
  }
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const provider: InjectedProvider = {
    ...flags,
    async request({ method, params }) {
      state.requests.push({ method, params })
      if (state.silent.has(method)) return new Promise(() => {})
      if (state.failures.has(method)) throw state.failures.get(method)
      const [first] = (params ?? []) as { chainId?: string }[]
      switch (method) {
        case 'eth_accounts':
          return state.authorized ? [...state.accounts] : []
        case 'eth_requestAccounts':
          state.authorized = true
          return [...state.accounts]
        case 'eth_chainId':
          return `0x${state.chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const id = Number(first?.chainId)
          if (!state.chains.has(id)) throw providerError(4902)
          state.chainId = id
          if (announcesSwitch) emit('chainChanged', first?.chainId)
          return null
        }
        case 'wallet_addEthereumChain':
          state.chains.add(Number(first?.chainId))
          return null
        case 'wallet_revokePermissions':
          state.authorized = false
          return null
        case 'wallet_requestPermissions':
          state.authorized = true
          return [{ parentCapability: 'eth_accounts' }]
        case 'personal_sign':
        case 'eth_signTypedData_v4':
          return `0x${'ab'.repeat(65)}`
        case 'eth_sendTransaction':
          return `0x${'12'.repeat(32)}`
        default:
          throw providerError(4200)
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  const methods = () => state.requests.map(({ method }) => method)
  const listening = () =>
    [...listeners.values()].reduce((sum, set) => sum + set.size, 0)
  return { provider, state, emit, methods, listening }
}

type InjectedWalletConnector = Connector & {
  installUrl: string | undefined
  isInstalled(): boolean
  getBrowseLink(): string | undefined
}

function host(
  wallet: WalletId | WalletDescriptor = 'metamask',
  {
    shimDisconnect,
    memory = new Map(),
  }: {
    shimDisconnect?: boolean
    /** The page's storage: pass the same map to load the page again. */
    memory?: Map<string, string>
  } = {},
) {
  const config = createConfig({
    chains: [mainnet, base, devnet],
    connectors: [
      injectedWallet({
        wallet: typeof wallet === 'string' ? walletRegistry[wallet] : wallet,
        shimDisconnect,
      }),
    ],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({
      key: 'wagmi',
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    }),
    transports: {
      [mainnet.id]: http('http://127.0.0.1:1'),
      [base.id]: http('http://127.0.0.1:1'),
      [devnet.id]: http('http://127.0.0.1:1'),
    },
  })
  const connector = config.connectors[0] as InjectedWalletConnector
  return { config, connector, memory }
}

function inPage(wallet: ReturnType<typeof fakeWallet>) {
  ;(window as { ethereum?: unknown }).ethereum = wallet.provider
}

/** Records where the page would navigate instead of leaving it. */
function recordNavigation() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => {})
}

function onPhone(userAgent: string) {
  vi.stubGlobal('navigator', { userAgent, maxTouchPoints: 5 })
}

async function rejectionOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as Error & Record<string, unknown>
  }
  throw new Error('expected a rejection, got a result')
}

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  history.replaceState(null, '', '/')
})

describe('injectedWallet parameters', () => {
  /** A config with `wallet` as given (created without a throw), and what connect() rejects with. */
  async function connectWith(wallet: unknown) {
    const config = createConfig({
      chains: [mainnet],
      connectors: [injectedWallet({ wallet: wallet as WalletDescriptor })],
      multiInjectedProviderDiscovery: false,
      storage: null,
      transports: { [mainnet.id]: http('http://127.0.0.1:1') },
    })
    const [connector] = config.connectors
    const error = await connector!.connect().then(
      () => undefined,
      (rejection: unknown) => rejection,
    )
    return { connector: connector!, error }
  }

  it('a registry id given as a string: the config is created, and connect() names the import that fixes it', async () => {
    const { connector, error } = await connectWith('metamask')
    expect(connector).toMatchObject({ id: 'injectedWallet' })
    expect(error).toBeInstanceOf(InvalidInjectedWalletParameterError)
    expect((error as Error).message).toContain('got "metamask"')
    expect((error as Error).message).toContain(
      "`import { metamask } from 'wagmi-connector-pack/injected'`, then `injectedWallet({ wallet: metamask })`",
    )
  })

  it('an unknown wallet id is refused on connect() with a message naming it and the descriptors there are', async () => {
    const { error } = await connectWith('nosuchwallet')
    expect(error).toBeInstanceOf(InvalidInjectedWalletParameterError)
    expect((error as Error).message).toContain('got "nosuchwallet"')
    expect((error as Error).message).toMatch(
      /Registry descriptors: metamask, coinbase, /,
    )
  })

  it('a descriptor without a name is refused on connect() with a message showing it', async () => {
    const { error } = await connectWith({ id: 'acme' })
    expect((error as Error).message).toMatch(
      /`wallet` must be a wallet descriptor.*got \{"id":"acme"\}/,
    )
  })

  it('a wallet of the registry and a descriptor of your own are both accepted', () => {
    expect(host('rabby').connector).toMatchObject({
      id: 'rabby',
      name: 'Rabby',
      rdns: ['io.rabby'],
    })
    expect(
      host({ id: 'acme', name: 'Acme Wallet', rdns: ['com.acme'] }).connector,
    ).toMatchObject({ id: 'acme', name: 'Acme Wallet', rdns: ['com.acme'] })
  })
})

describe('injectedWallet before connecting', () => {
  it('setup and isAuthorized are calm when no wallet is in the page', async () => {
    const { connector } = host()
    await expect(connector.setup?.()).resolves.toBeUndefined()
    await expect(connector.isAuthorized()).resolves.toBe(false)
    expect(connector.isInstalled()).toBe(false)
  })

  it('reports chain 1 when no wallet is in the page, as every connector before connecting', async () => {
    const { connector } = host()
    await expect(connector.getChainId()).resolves.toBe(1)
  })

  it('isAuthorized is true for a wallet that already granted its accounts', async () => {
    inPage(fakeWallet({ authorized: true }))
    const { connector } = host()
    expect(connector.isInstalled()).toBe(true)
    await expect(connector.isAuthorized()).resolves.toBe(true)
  })

  it('isAuthorized is false for a wallet in the page that has granted nothing', async () => {
    inPage(fakeWallet())
    const { connector } = host()
    expect(connector.isInstalled()).toBe(true)
    await expect(connector.isAuthorized()).resolves.toBe(false)
  })

  it('isAuthorized is false when the wallet fails to list its accounts', async () => {
    const wallet = fakeWallet({ authorized: true })
    wallet.state.failures.set('eth_accounts', providerError(-32603))
    inPage(wallet)
    const { connector } = host()
    await expect(connector.setup?.()).resolves.toBeUndefined()
    await expect(connector.isAuthorized()).resolves.toBe(false)
  })

  it('a reload reconnects a wallet that was connected, without a prompt', async () => {
    const wallet = fakeWallet()
    inPage(wallet)
    const first = host()
    await connect(first.config, { connector: first.connector })
    const { config, connector } = host('metamask', { memory: first.memory })
    const connections = await reconnect(config)
    expect(connections).toEqual([
      { accounts: [aliceChecksummed], chainId: mainnet.id, connector },
    ])
    expect(wallet.methods()).not.toContain('wallet_requestPermissions')
    expect(
      wallet.methods().filter((method) => method === 'eth_requestAccounts'),
    ).toHaveLength(1)
  })

  it('after disconnect it is not authorized, though the wallet still lists the accounts', async () => {
    const wallet = fakeWallet()
    // Many wallets cannot revoke: they keep the dapp's accounts.
    wallet.state.failures.set('wallet_revokePermissions', providerError(4200))
    inPage(wallet)
    const { config, connector, memory } = host()
    await connect(config, { connector })
    await disconnect(config)
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([
      alice,
    ])
    await expect(connector.isAuthorized()).resolves.toBe(false)
    // A reload stays disconnected.
    const reload = host('metamask', { memory })
    expect(await reconnect(reload.config)).toEqual([])
    expect(reload.config.state.status).toBe('disconnected')
  })
})

describe('injectedWallet on desktop without the wallet', () => {
  it('connect rejects with No provider found and where to install the wallet', async () => {
    const navigation = recordNavigation()
    const { config, connector } = host()
    const error = await rejectionOf(connect(config, { connector }))
    expect(error).toBeInstanceOf(ProviderNotFoundError)
    // The class a host imports from wagmi recognises it too.
    expect(error).toBeInstanceOf(WagmiProviderNotFoundError)
    expect(error.message.startsWith('No provider found')).toBe(true)
    expect(error.installUrl).toBe(walletRegistry.metamask.installUrl)
    expect(connector.installUrl).toBe(walletRegistry.metamask.installUrl)
    expect(connector.getBrowseLink()).toBeUndefined()
    expect(navigation).not.toHaveBeenCalled()
    expect(config.state.status).toBe('disconnected')
  })

  it('a wallet flagged by an impostor is not taken for MetaMask', async () => {
    const impostor = fakeWallet({ flags: { isMetaMask: true, isRabby: true } })
    inPage(impostor)
    const { config, connector } = host()
    expect(connector.isInstalled()).toBe(false)
    await expect(connect(config, { connector })).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    )
    expect(impostor.methods()).toEqual([])
    const rabby = host('rabby')
    await expect(
      connect(rabby.config, { connector: rabby.connector }),
    ).resolves.toMatchObject({ accounts: [aliceChecksummed] })
  })
})

describe('injectedWallet on a phone without the wallet', () => {
  it.each([
    ['an iPhone', iPhone],
    ['an Android phone', android],
  ])(
    'on %s MetaMask offers the link that opens this page in its app',
    (_, userAgent) => {
      onPhone(userAgent)
      history.replaceState(null, '', '/swap?from=ETH&to=USDC')
      expect(host().connector.getBrowseLink()).toBe(
        `https://link.metamask.io/dapp/${window.location.host}/swap?from=ETH&to=USDC`,
      )
    },
  )

  it('connect opens the page in MetaMask and says so', async () => {
    onPhone(iPhone)
    history.replaceState(null, '', '/swap?from=ETH&to=USDC')
    const navigation = recordNavigation()
    const { config, connector } = host()
    const link = connector.getBrowseLink()
    const error = await rejectionOf(connect(config, { connector }))
    expect(error).toBeInstanceOf(RedirectedToWalletError)
    expect(error.link).toBe(link)
    expect(navigation.mock.calls).toEqual([
      [
        `https://link.metamask.io/dapp/${window.location.host}/swap?from=ETH&to=USDC`,
      ],
    ])
    expect(config.state.status).toBe('disconnected')
  })

  it('the page leaves before connect awaits anything (the phone keeps the tap)', async () => {
    onPhone(iPhone)
    const navigation = recordNavigation()
    const { connector } = host()
    const pending = connector.connect()
    // Connecting loads with import() on first use: the redirect must not wait for it.
    expect(navigation).toHaveBeenCalledTimes(1)
    await expect(pending).rejects.toBeInstanceOf(RedirectedToWalletError)
  })

  it('Rabby has no in-app browser link: connect says so and stays on the page', async () => {
    onPhone(iPhone)
    const navigation = recordNavigation()
    const { config, connector } = host('rabby')
    expect(connector.getBrowseLink()).toBeUndefined()
    const error = await rejectionOf(connect(config, { connector }))
    expect(error).toBeInstanceOf(InAppBrowserNotFoundError)
    expect(error.shortMessage).toBe('No inAppBrowserBase found for Rabby')
    expect(navigation).not.toHaveBeenCalled()
  })

  it("inside MetaMask's own browser connect never redirects", async () => {
    onPhone(metaMaskBrowser)
    const navigation = recordNavigation()
    const { config, connector } = host()
    expect(connector.getBrowseLink()).toBeUndefined()
    await expect(connect(config, { connector })).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    )
    expect(navigation).not.toHaveBeenCalled()
  })

  it('a reconnect on page load never takes the user away', async () => {
    onPhone(iPhone)
    const navigation = recordNavigation()
    const { connector } = host()
    await expect(
      connector.connect({ isReconnecting: true }),
    ).rejects.toBeInstanceOf(ProviderNotFoundError)
    expect(navigation).not.toHaveBeenCalled()
  })

  it('a phone with the wallet in the page connects without leaving it', async () => {
    onPhone(iPhone)
    inPage(fakeWallet())
    const navigation = recordNavigation()
    const { config, connector } = host()
    expect(connector.getBrowseLink()).toBeUndefined()
    await expect(connect(config, { connector })).resolves.toMatchObject({
      accounts: [aliceChecksummed],
    })
    expect(navigation).not.toHaveBeenCalled()
  })
})

describe('injectedWallet with the wallet in the page', () => {
  it('connect returns the checksummed accounts and the chain id', async () => {
    inPage(fakeWallet({ chainId: base.id }))
    const { config, connector } = host()
    await expect(connect(config, { connector })).resolves.toEqual({
      accounts: [aliceChecksummed],
      chainId: base.id,
    })
    expect(config.state.status).toBe('connected')
    expect(config.state.connections.get(connector.uid)).toMatchObject({
      accounts: [aliceChecksummed],
      chainId: base.id,
    })
  })

  it('connect on a chain asks the wallet to switch to it', async () => {
    const wallet = fakeWallet()
    inPage(wallet)
    const { config, connector } = host()
    await expect(
      connect(config, { connector, chainId: base.id }),
    ).resolves.toEqual({ accounts: [aliceChecksummed], chainId: base.id })
    expect(wallet.state.chainId).toBe(base.id)
  })

  it("a refused switch while connecting on a chain is viem's UserRejectedRequestError, with the switch as its cause", async () => {
    const wallet = fakeWallet()
    wallet.state.failures.set('wallet_switchEthereumChain', providerError(4001))
    inPage(wallet)
    const { config, connector } = host()
    const error = await connect(config, { connector, chainId: base.id }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).cause).toBeInstanceOf(
      SwitchChainRejectedError,
    )
    expect(config.state.status).toBe('disconnected')
  })

  it('a wallet whose provider has off but no removeListener (Trust) still disconnects', async () => {
    const wallet = fakeWallet()
    const { removeListener, ...rest } = wallet.provider
    const provider: InjectedProvider = { ...rest, off: removeListener }
    Object.assign(window, { ethereum: provider })
    const { config, connector } = host()
    await connect(config, { connector })
    expect(wallet.listening()).toBe(3)
    await disconnect(config)
    expect(config.state.status).toBe('disconnected')
    expect(wallet.listening()).toBe(0)
  })

  it("a rejected account request is viem's UserRejectedRequestError saying 'Connection rejected', its cause ConnectionRejectedError", async () => {
    const wallet = fakeWallet()
    wallet.state.failures.set('eth_requestAccounts', providerError(4001))
    inPage(wallet)
    const { config, connector } = host()
    const error = await rejectionOf(connect(config, { connector }))
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.code).toBe(4001)
    expect(error.shortMessage).toBe('Connection rejected. Please try again.')
    expect(error.cause).toBeInstanceOf(ConnectionRejectedError)
    expect(config.state.status).toBe('disconnected')
  })

  it("a prompt already open in the wallet is viem's ResourceUnavailableRpcError", async () => {
    const wallet = fakeWallet()
    wallet.state.failures.set('eth_requestAccounts', providerError(-32002))
    inPage(wallet)
    const { config, connector } = host()
    await expect(connect(config, { connector })).rejects.toBeInstanceOf(
      ResourceUnavailableRpcError,
    )
  })

  it('disconnect is remembered, and the next connect asks the wallet for permissions first', async () => {
    const wallet = fakeWallet()
    inPage(wallet)
    const { config, connector, memory } = host()
    await connect(config, { connector })
    await disconnect(config)
    expect(memory.get('wagmi.metamask.disconnected')).toBe('true')
    expect(wallet.methods()).toContain('wallet_revokePermissions')
    wallet.state.requests.length = 0
    await expect(connect(config, { connector })).resolves.toMatchObject({
      accounts: [aliceChecksummed],
    })
    expect(wallet.methods().slice(0, 2)).toEqual([
      'wallet_requestPermissions',
      'eth_requestAccounts',
    ])
    expect(memory.has('wagmi.metamask.disconnected')).toBe(false)
    await expect(connector.isAuthorized()).resolves.toBe(true)
  })

  it('a rejected permission request after disconnect rejects the connect', async () => {
    const wallet = fakeWallet()
    inPage(wallet)
    const { config, connector, memory } = host()
    await connect(config, { connector })
    await disconnect(config)
    wallet.state.failures.set('wallet_requestPermissions', providerError(4001))
    await expect(connect(config, { connector })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(memory.get('wagmi.metamask.disconnected')).toBe('true')
  })

  it('without shimDisconnect, disconnect leaves the wallet authorized', async () => {
    const wallet = fakeWallet()
    inPage(wallet)
    const { config, connector, memory } = host('metamask', {
      shimDisconnect: false,
    })
    await connect(config, { connector })
    await disconnect(config)
    expect(memory.has('wagmi.metamask.disconnected')).toBe(false)
    expect(wallet.methods()).not.toContain('wallet_revokePermissions')
    await expect(connector.isAuthorized()).resolves.toBe(true)
  })

  it('a wallet that never answers the revoke does not hold up disconnect', async () => {
    const wallet = fakeWallet()
    wallet.state.silent.add('wallet_revokePermissions')
    inPage(wallet)
    const { config, connector } = host()
    await connect(config, { connector })
    await disconnect(config)
    expect(config.state.status).toBe('disconnected')
    await expect(connector.isAuthorized()).resolves.toBe(false)
  })
})

// wagmi asks a connector not yet connected for its accounts and chain id
// (reconnect, the account hooks); a wallet still loading may never answer.
// The accounts get 500 ms and the chain id 1000 ms, then the connector says
// the wallet did not answer, so wagmi moves on instead of hanging.
describe('injectedWallet lookups a wallet never answers', () => {
  /** Settles `promise` into a box the test can look at while timers stand still. */
  function watch(promise: Promise<unknown>) {
    const box: { settled: boolean; error?: unknown } = { settled: false }
    promise.then(
      () => {
        box.settled = true
      },
      (error: unknown) => {
        box.settled = true
        box.error = error
      },
    )
    return box
  }

  /** A wallet in the page that never answers `method`, and a promise for the moment it is asked. */
  function silentOn(method: 'eth_accounts' | 'eth_chainId') {
    const wallet = fakeWallet({ authorized: true })
    wallet.state.silent.add(method)
    const { request } = wallet.provider
    const asked = new Promise<void>((resolve) => {
      wallet.provider.request = (args) => {
        if (args.method === method) resolve()
        return request(args)
      }
    })
    inPage(wallet)
    return { wallet, asked }
  }

  afterEach(() => {
    vi.useRealTimers()
  })

  it('getChainId is still waiting at 999 ms and rejects with WalletTimeoutError naming eth_chainId at 1000 ms', async () => {
    vi.useFakeTimers()
    const { asked } = silentOn('eth_chainId')
    const chainId = watch(host().connector.getChainId())
    // The deadline starts when the wallet is asked, after the runtime loads.
    await asked
    await vi.advanceTimersByTimeAsync(999)
    expect(chainId.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(chainId.settled).toBe(true)
    expect(chainId.error).toBeInstanceOf(WalletTimeoutError)
    expect(chainId.error).toMatchObject({
      code: 'wallet_timeout',
      method: 'eth_chainId',
      timeoutMs: 1000,
      shortMessage: 'The wallet did not answer in time.',
    })
  })

  it('getAccounts is still waiting at 499 ms and rejects with WalletTimeoutError naming eth_accounts at 500 ms', async () => {
    vi.useFakeTimers()
    const { asked } = silentOn('eth_accounts')
    const accounts = watch(host().connector.getAccounts())
    await asked
    await vi.advanceTimersByTimeAsync(499)
    expect(accounts.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(accounts.settled).toBe(true)
    expect(accounts.error).toBeInstanceOf(WalletTimeoutError)
    expect(accounts.error).toMatchObject({
      method: 'eth_accounts',
      timeoutMs: 500,
    })
  })

  it('a wallet that never answers eth_accounts makes isAuthorized false after two 500 ms tries, not before', async () => {
    vi.useFakeTimers()
    const { wallet, asked } = silentOn('eth_accounts')
    const authorized = host().connector.isAuthorized()
    const answer = watch(authorized)
    await asked
    await vi.advanceTimersByTimeAsync(500)
    // The first try timed out; MetaMask may still be loading, so it asks once more.
    expect(answer.settled).toBe(false)
    expect(wallet.methods()).toEqual(['eth_accounts', 'eth_accounts'])
    await vi.advanceTimersByTimeAsync(499)
    expect(answer.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(authorized).resolves.toBe(false)
  })
})

describe('injectedWallet switching networks', () => {
  async function connected(wallet = fakeWallet()) {
    inPage(wallet)
    const parts = host()
    await connect(parts.config, { connector: parts.connector })
    return { wallet, ...parts }
  }

  it.each([
    ['a wallet that announces the switch', true],
    ['a wallet that switches without saying so', false],
  ])(
    'switches %s and wagmi to another configured chain',
    async (_, announcesSwitch) => {
      const { wallet, config, connector } = await connected(
        fakeWallet({ announcesSwitch }),
      )
      await expect(switchChain(config, { chainId: base.id })).resolves.toBe(
        base,
      )
      expect(wallet.state.chainId).toBe(base.id)
      expect(config.state.chainId).toBe(base.id)
      expect(config.state.connections.get(connector.uid)?.chainId).toBe(base.id)
    },
  )

  it('a rejected switch is a 4001 UserRejectedRequestError saying so, its cause SwitchChainRejectedError, and the chain stays', async () => {
    const { wallet, config } = await connected()
    wallet.state.failures.set('wallet_switchEthereumChain', providerError(4001))
    const error = await rejectionOf(switchChain(config, { chainId: base.id }))
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.code).toBe(4001)
    expect(error.shortMessage).toBe(
      "User rejected the wallet's request to switch network",
    )
    expect(error.cause).toBeInstanceOf(SwitchChainRejectedError)
    expect((error.cause as SwitchChainRejectedError).code).toBe(
      'network_switch_rejected',
    )
    expect(config.state.chainId).toBe(mainnet.id)
  })

  it('a wallet that cannot switch says Network switching is not supported', async () => {
    const { wallet, config } = await connected()
    wallet.state.failures.set('wallet_switchEthereumChain', providerError(4200))
    const error = await rejectionOf(switchChain(config, { chainId: base.id }))
    expect(error).toBeInstanceOf(SwitchChainNotSupportedError)
    expect(error.shortMessage).toBe('Network switching is not supported')
  })

  it('a chain missing from the config is refused before the wallet is asked', async () => {
    const { wallet, connector } = await connected()
    const error = await rejectionOf(
      connector.switchChain!({ chainId: optimism.id }),
    )
    expect(error).toBeInstanceOf(ChainNotConfiguredError)
    expect(error.shortMessage).toBe('Could not find network mapping for chain')
    expect(wallet.methods()).not.toContain('wallet_switchEthereumChain')
  })

  it.each([
    ['4902', providerError(4902)],
    [
      "MetaMask Mobile's nested 4902",
      providerError(-32603, { data: { originalError: { code: 4902 } } }),
    ],
  ])(
    'a chain the wallet does not know (%s) is added from the config, then switched to',
    async (_, unknownChain) => {
      const { wallet, config, connector } = await connected()
      const request = wallet.provider.request
      wallet.provider.request = async (args) => {
        if (
          args.method === 'wallet_switchEthereumChain' &&
          !wallet.state.chains.has(devnet.id)
        ) {
          wallet.state.requests.push(args)
          throw unknownChain
        }
        return request(args)
      }
      const changes: unknown[] = []
      connector.emitter.on('change', (data) => changes.push(data))
      await expect(switchChain(config, { chainId: devnet.id })).resolves.toBe(
        devnet,
      )
      const added = wallet.state.requests.find(
        ({ method }) => method === 'wallet_addEthereumChain',
      )
      expect(added?.params).toEqual([
        expect.objectContaining({
          chainId: '0xbdb29',
          chainName: 'Example Devnet',
          nativeCurrency: {
            name: 'Devnet Ether',
            symbol: 'DETH',
            decimals: 18,
          },
          rpcUrls: ['https://rpc.devnet.example'],
          blockExplorerUrls: ['https://scan.devnet.example'],
        }),
      ])
      expect(wallet.methods().slice(-3)).toEqual([
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'wallet_switchEthereumChain',
      ])
      expect(wallet.state.chainId).toBe(devnet.id)
      expect(changes).toContainEqual(
        expect.objectContaining({ chainId: devnet.id }),
      )
      expect(config.state.chainId).toBe(devnet.id)
      expect(config.state.connections.get(connector.uid)?.chainId).toBe(
        devnet.id,
      )
    },
  )

  it('a rejected add is a user rejection of the switch, and the chain stays', async () => {
    const { wallet, config } = await connected()
    wallet.state.failures.set('wallet_addEthereumChain', providerError(4001))
    const error = await rejectionOf(switchChain(config, { chainId: devnet.id }))
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.cause).toBeInstanceOf(SwitchChainRejectedError)
    expect(wallet.state.chainId).toBe(mainnet.id)
    expect(config.state.chainId).toBe(mainnet.id)
  })
})

describe('injectedWallet hears the wallet', () => {
  async function connected() {
    const wallet = fakeWallet()
    inPage(wallet)
    const parts = host()
    await connect(parts.config, { connector: parts.connector })
    return { wallet, ...parts }
  }

  it('another account chosen in the wallet reaches the connection', async () => {
    const { wallet, config, connector } = await connected()
    wallet.emit('accountsChanged', [bob])
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([
      bobChecksummed,
    ])
  })

  it('another network chosen in the wallet reaches the connection', async () => {
    const { wallet, config, connector } = await connected()
    wallet.emit('chainChanged', '0x2105')
    expect(config.state.connections.get(connector.uid)?.chainId).toBe(base.id)
    expect(config.state.chainId).toBe(base.id)
  })

  it('an empty account list (the wallet locked) disconnects; then only the accounts are heard', async () => {
    const { wallet, config } = await connected()
    wallet.emit('accountsChanged', [])
    expect(config.state.status).toBe('disconnected')
    expect(config.state.connections.size).toBe(0)
    expect(wallet.listening()).toBe(1)
    wallet.emit('chainChanged', '0x2105')
    expect(config.state.status).toBe('disconnected')
  })

  it('the wallet unlocked again reconnects by itself, as wagmi injected() does', async () => {
    const { wallet, config, connector } = await connected()
    wallet.emit('accountsChanged', [])
    wallet.state.chainId = base.id
    wallet.state.accounts = [bob]
    wallet.emit('accountsChanged', [bob])
    await expect.poll(() => config.state.status).toBe('connected')
    expect(config.state.connections.get(connector.uid)).toMatchObject({
      accounts: [bobChecksummed],
      chainId: base.id,
    })
    // Listening as a connection again: the next change is followed.
    wallet.emit('accountsChanged', [alice])
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([
      aliceChecksummed,
    ])
  })

  it('unlocked and at once locked again: stays disconnected', async () => {
    const { wallet, config, connector } = await connected()
    wallet.emit('accountsChanged', [])
    const asked = wallet.methods().length
    wallet.emit('accountsChanged', [bob])
    wallet.emit('accountsChanged', [])
    // The reconnect asked the wallet, then saw it was locked again.
    await expect
      .poll(() => wallet.methods().slice(asked))
      .toContain('eth_chainId')
    // Answered after the reconnect's own questions, which were asked first.
    await connector.getChainId()
    expect(config.state.status).toBe('disconnected')
    expect(wallet.listening()).toBe(1)
  })

  it('after a disconnect in the app, the wallet is not heard: unlocking it does not reconnect', async () => {
    const { wallet, config } = await connected()
    await disconnect(config)
    expect(wallet.listening()).toBe(0)
    wallet.emit('accountsChanged', [bob])
    expect(config.state.status).toBe('disconnected')
  })

  it('a disconnect event disconnects', async () => {
    const { wallet, config } = await connected()
    wallet.emit('disconnect', providerError(4900))
    expect(config.state.status).toBe('disconnected')
    expect(wallet.listening()).toBe(1)
  })

  it("MetaMask's 1013 disconnect event while the accounts remain keeps the connection", async () => {
    const { wallet, config, connector } = await connected()
    const asked = wallet.methods().length
    wallet.emit('disconnect', providerError(1013))
    await expect
      .poll(() => wallet.methods().slice(asked))
      .toContain('eth_accounts')
    // Answered after the connector's own check, which asked first.
    await connector.getAccounts()
    expect(config.state.status).toBe('connected')
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([
      aliceChecksummed,
    ])
    wallet.emit('accountsChanged', [bob])
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([
      bobChecksummed,
    ])
  })

  it('a 1013 disconnect event after the wallet dropped the accounts disconnects', async () => {
    const { wallet, config } = await connected()
    wallet.state.authorized = false
    wallet.emit('disconnect', providerError(1013))
    await expect.poll(() => config.state.status).toBe('disconnected')
    expect(wallet.listening()).toBe(1)
  })
})

describe('injectedWallet round trips (the protocol minimum)', () => {
  const to = '0x000000000000000000000000000000000000dEaD'

  async function connected() {
    const wallet = fakeWallet()
    inPage(wallet)
    const { config, connector } = host()
    await connect(config, { connector })
    wallet.state.requests.length = 0
    return { wallet, config }
  }

  it('a message, typed data and a transaction each take one wallet request', async () => {
    const { wallet, config } = await connected()
    await signMessage(config, { message: 'hello' })
    expect(wallet.methods()).toEqual(['personal_sign'])
    wallet.state.requests.length = 0
    await signTypedData(config, {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    })
    expect(wallet.methods()).toEqual(['eth_signTypedData_v4'])
    wallet.state.requests.length = 0
    await sendTransaction(config, { to, value: 1n })
    expect(wallet.methods()).toEqual(['eth_sendTransaction'])
  })

  it('a chain chosen in the wallet between two sends is the one the next send names, without asking again', async () => {
    const { wallet, config } = await connected()
    wallet.state.chainId = base.id
    wallet.emit('chainChanged', '0x2105')
    await sendTransaction(config, { to, value: 1n, chainId: base.id })
    expect(wallet.methods()).toEqual(['eth_sendTransaction'])
    expect(wallet.state.requests[0]!.params).toMatchObject([
      { from: aliceChecksummed, to },
    ])
    expect(config.state.connections.get(config.state.current!)?.chainId).toBe(
      base.id,
    )
    // A send for the chain the wallet left is refused before the wallet is asked.
    wallet.state.requests.length = 0
    await expect(
      sendTransaction(config, { to, value: 1n, chainId: mainnet.id }),
    ).rejects.toThrow(/does not match the target chain/)
    expect(wallet.methods()).toEqual([])
  })

  it('an account chosen in the wallet between two signatures is the one the next signature asks for', async () => {
    const { wallet, config } = await connected()
    wallet.state.accounts = [bob, alice]
    wallet.emit('accountsChanged', [bob, alice])
    await expect.poll(() => config.state.connections.size).toBe(1)
    await signMessage(config, { message: 'hello' })
    expect(wallet.state.requests).toEqual([
      { method: 'personal_sign', params: ['0x68656c6c6f', bobChecksummed] },
    ])
  })
})
