// @vitest-environment happy-dom
import {
  type Connector,
  type CreateConnectorFn,
  connect,
  createConfig,
  createStorage,
  hydrate,
} from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  registryIdByRdns,
  type WalletDescriptor,
  walletRegistry,
} from '../wallets/walletRegistry.js'
import type {
  AnnouncedProvider,
  InjectedProvider,
} from './injectedParameters.js'
import { injectedWallet } from './injectedWallet.js'

type InjectedWalletConnector = Connector & {
  wallet: WalletDescriptor
  installUrl: string | undefined
}

const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'

// announcedProviders() keeps one list for the page's lifetime: each test loads
// the modules afresh, so it starts from an empty list as a new page would.
let injectedWallets: typeof import('./injectedWallets.js').injectedWallets
let alwaysExcludedWallets: typeof import('./discovery.js').alwaysExcludedWallets
let addInjectedWallets: typeof import('./injectedWallets.js').addInjectedWallets

beforeEach(async () => {
  vi.resetModules()
  ;({ injectedWallets, addInjectedWallets } = await import(
    './injectedWallets.js'
  ))
  ;({ alwaysExcludedWallets } = await import('./discovery.js'))
})

const stopAnswering: (() => void)[] = []
afterEach(() => {
  for (const stop of stopAnswering.splice(0)) stop()
})

/** A wallet's provider that holds one account on mainnet. */
function walletProvider(account: string): InjectedProvider {
  return {
    async request({ method }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts')
        return [account]
      if (method === 'eth_chainId') return '0x1'
      throw Object.assign(new Error(`${method} is not supported`), {
        code: 4200,
      })
    },
    on() {},
    removeListener() {},
  }
}

function wallet(
  info: Partial<AnnouncedProvider['info']> & { rdns: string },
  provider: InjectedProvider = walletProvider(
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  ),
): AnnouncedProvider {
  return {
    info: { uuid: crypto.randomUUID(), name: info.rdns, icon, ...info },
    provider,
  }
}

function announce(detail: unknown) {
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: Object.freeze(detail),
    }),
  )
}

/** Wallets in the page: they announce now and whenever the page asks (EIP-6963). */
function inPage(...wallets: unknown[]) {
  const answer = () => {
    for (const detail of wallets) announce(detail)
  }
  window.addEventListener('eip6963:requestProvider', answer)
  stopAnswering.push(() =>
    window.removeEventListener('eip6963:requestProvider', answer),
  )
  answer()
}

function host(
  connectors: CreateConnectorFn[],
  {
    discovery = false,
    ssr = false,
  }: { discovery?: boolean; ssr?: boolean } = {},
) {
  const memory = new Map<string, string>()
  return createConfig({
    chains: [mainnet],
    connectors,
    multiInjectedProviderDiscovery: discovery,
    ssr,
    storage: createStorage({
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    }),
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
  })
}

const listed = (connectors: readonly Connector[]) =>
  connectors.map(({ id, name, type, rdns, icon }) => ({
    id,
    name,
    type,
    rdns,
    icon,
  }))

describe('injectedWallets', () => {
  it('lists one connector per announced wallet, with the name and icon it announced', () => {
    inPage(
      wallet({ rdns: 'com.example.alpha', name: 'Alpha Wallet' }),
      wallet({ rdns: 'org.example.beta', name: 'Beta', icon }),
    )
    const config = host(injectedWallets())
    expect(listed(config.connectors)).toEqual([
      {
        id: 'com.example.alpha',
        name: 'Alpha Wallet',
        type: 'injectedWallet',
        rdns: ['com.example.alpha'],
        icon,
      },
      {
        id: 'org.example.beta',
        name: 'Beta',
        type: 'injectedWallet',
        rdns: ['org.example.beta'],
        icon,
      },
    ])
  })

  it('each connector talks to the provider its wallet announced', async () => {
    const alpha = walletProvider('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const beta = walletProvider('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    inPage(
      wallet({ rdns: 'com.example.alpha' }, alpha),
      wallet({ rdns: 'org.example.beta' }, beta),
    )
    const config = host(injectedWallets())
    expect(await config.connectors[0]!.getProvider()).toBe(alpha)
    expect(await config.connectors[1]!.getProvider()).toBe(beta)
    const { accounts } = await connect(config, {
      connector: config.connectors[1]!,
    })
    expect(accounts).toEqual(['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'])
  })

  it('a wallet of the registry gets its registry id, and its own announced name and icon', () => {
    inPage(wallet({ rdns: 'io.rabby', name: 'Rabby Wallet' }))
    const [rabby] = host(injectedWallets())
      .connectors as readonly InjectedWalletConnector[]
    expect(rabby).toMatchObject({
      id: 'rabby',
      name: 'Rabby Wallet',
      type: 'injectedWallet',
      rdns: ['io.rabby'],
      icon,
    })
    expect(rabby!.wallet).toEqual({
      id: 'rabby',
      name: 'Rabby Wallet',
      rdns: ['io.rabby'],
      icon,
    })
  })

  it("a registry wallet with two rdns is left out by either of them, and claims both (wagmi's discovery lists neither)", () => {
    inPage(wallet({ rdns: 'app.backpack.mobile', name: 'Backpack' }))
    const [backpack] = host(injectedWallets())
      .connectors as readonly InjectedWalletConnector[]
    expect(backpack).toMatchObject({
      id: 'backpack',
      rdns: ['app.backpack.mobile', 'app.backpack'],
    })
    for (const exclude of ['backpack', 'app.backpack', 'app.backpack.mobile'])
      expect(host(injectedWallets({ exclude: [exclude] })).connectors).toEqual(
        [],
      )
  })

  it('every rdns of the registry maps to its registry id (the table the connector reads instead of the registry)', () => {
    const fromRegistry = Object.fromEntries(
      Object.values(walletRegistry).flatMap((known: WalletDescriptor) =>
        (known.rdns ?? []).map((rdns) => [rdns, known.id]),
      ),
    )
    expect(registryIdByRdns).toEqual(fromRegistry)
  })

  it('an icon that is not a data image is not shown', () => {
    inPage(
      wallet({
        rdns: 'com.example.remote-icon',
        icon: 'https://tracker.example/icon.png',
      }),
    )
    const [connector] = host(injectedWallets()).connectors
    expect(connector!.id).toBe('com.example.remote-icon')
    expect(connector!.icon).toBeUndefined()
  })

  it('a wallet announcing without an icon is still listed, without one', () => {
    const { info, provider } = wallet({ rdns: 'com.example.no-icon' })
    inPage({ info: { ...info, icon: undefined }, provider })
    const [connector] = host(injectedWallets()).connectors
    expect(connector!.id).toBe('com.example.no-icon')
    expect(connector!.icon).toBeUndefined()
  })

  it('an announcement without a provider it can call is ignored', () => {
    inPage(
      {
        info: {
          uuid: crypto.randomUUID(),
          name: 'Broken',
          icon,
          rdns: 'com.example.broken',
        },
        provider: { isBroken: true },
      },
      wallet({ rdns: 'com.example.real', name: 'Real' }),
    )
    expect(host(injectedWallets()).connectors.map(({ id }) => id)).toEqual([
      'com.example.real',
    ])
  })
})

describe('injectedWallets leaves out the wallets with dedicated connectors', () => {
  const excluded = [
    ['phantomevm', { rdns: 'app.phantom', name: 'Phantom Wallet' }],
    ['coinbase', { rdns: 'com.coinbase.wallet', name: 'Coinbase Extension' }],
    ['exodusevm', { rdns: 'com.exodus.web3-wallet', name: 'Exodus Web3' }],
    ['metamask', { rdns: 'io.metamask', name: 'MetaMask Extension' }],
    ['metamask', { rdns: 'io.metamask.mobile', name: 'MetaMask Mobile' }],
    ['abstract', { rdns: 'com.example.abstract', name: 'Abstract' }],
    ['abstract', { rdns: 'com.example.agw', name: 'Abstract Global Wallet' }],
    ['edenonline', { rdns: 'com.example.eden', name: 'Eden Online' }],
    ['intersend', { rdns: 'com.example.intersend', name: 'Intersend' }],
  ] as const

  it('the always-excluded wallets are exactly those with dedicated connectors (docs/injected.md)', () => {
    expect(Object.keys(alwaysExcludedWallets).sort()).toEqual(
      [
        'phantomevm',
        'coinbase',
        'exodusevm',
        'abstract',
        'metamask',
        'edenonline',
        'intersend',
      ].sort(),
    )
    expect(new Set(excluded.map(([id]) => id))).toEqual(
      new Set(Object.keys(alwaysExcludedWallets)),
    )
  })

  it.each(excluded)('leaves out %s (announced as %o)', (_, info) => {
    inPage(wallet(info), wallet({ rdns: 'com.example.kept', name: 'Kept' }))
    expect(host(injectedWallets()).connectors.map(({ id }) => id)).toEqual([
      'com.example.kept',
    ])
  })

  it('does not leave out a wallet whose name merely contains an excluded name', () => {
    inPage(
      wallet({ rdns: 'com.example.phantom-fork', name: 'Phantom Fork' }),
      wallet({ rdns: 'com.example.mm-helper', name: 'MetaMask Helper' }),
    )
    expect(host(injectedWallets()).connectors.map(({ id }) => id)).toEqual([
      'com.example.phantom-fork',
      'com.example.mm-helper',
    ])
  })
})

describe('injectedWallets without duplicates', () => {
  it('exclude by registry id or by rdns leaves a wallet you configured yourself out', () => {
    inPage(
      wallet({ rdns: 'io.rabby', name: 'Rabby' }),
      wallet({ rdns: 'com.example.mine', name: 'Mine' }),
      wallet({ rdns: 'com.example.other', name: 'Other' }),
    )
    expect(
      host(
        injectedWallets({ exclude: ['rabby', 'com.example.mine'] }),
      ).connectors.map(({ id }) => id),
    ).toEqual(['com.example.other'])
    expect(
      host(injectedWallets({ exclude: ['io.rabby'] })).connectors.map(
        ({ id }) => id,
      ),
    ).toEqual(['com.example.mine', 'com.example.other'])
  })

  it('two announcements under the same rdns give one connector, for the first', async () => {
    const first = walletProvider('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const second = walletProvider('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    inPage(
      wallet({ rdns: 'com.example.twice', name: 'Twice' }, first),
      wallet({ rdns: 'com.example.twice', name: 'Twice again' }, second),
    )
    const config = host(injectedWallets())
    expect(listed(config.connectors)).toEqual([
      {
        id: 'com.example.twice',
        name: 'Twice',
        type: 'injectedWallet',
        rdns: ['com.example.twice'],
        icon,
      },
    ])
    expect(await config.connectors[0]!.getProvider()).toBe(first)
  })

  it('two registry rdns of one wallet give one connector', () => {
    inPage(
      wallet({ rdns: 'app.backpack', name: 'Backpack' }),
      wallet({ rdns: 'app.backpack.mobile', name: 'Backpack' }),
    )
    expect(host(injectedWallets()).connectors.map(({ id }) => id)).toEqual([
      'backpack',
    ])
  })

  it('a second announcement reusing a known uuid with another provider is ignored', async () => {
    const genuine = walletProvider('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const imitation = walletProvider(
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    )
    const original = wallet(
      { rdns: 'com.example.genuine', name: 'Genuine' },
      genuine,
    )
    inPage(original)
    injectedWallets()
    announce({
      info: { ...original.info, name: 'Imitation' },
      provider: imitation,
    })
    announce({
      info: { ...original.info, name: 'Rabby', rdns: 'io.rabby' },
      provider: imitation,
    })
    const config = host(injectedWallets())
    expect(listed(config.connectors)).toEqual([
      {
        id: 'com.example.genuine',
        name: 'Genuine',
        type: 'injectedWallet',
        rdns: ['com.example.genuine'],
        icon,
      },
    ])
    expect(await config.connectors[0]!.getProvider()).toBe(genuine)
    const { accounts } = await connect(config, {
      connector: config.connectors[0]!,
    })
    expect(accounts).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
  })

  it("with wagmi's own discovery on, every announced wallet is listed once", () => {
    inPage(
      wallet({ rdns: 'io.rabby', name: 'Rabby' }),
      wallet({ rdns: 'com.example.solo', name: 'Solo' }),
      wallet({ rdns: 'io.metamask', name: 'MetaMask' }),
    )
    const config = host(injectedWallets(), { discovery: true })
    expect(config.connectors.map(({ id, type }) => [id, type])).toEqual([
      ['rabby', 'injectedWallet'],
      ['com.example.solo', 'injectedWallet'],
      // Left out by injectedWallets for its dedicated connector: wagmi lists it.
      ['io.metamask', 'injected'],
    ])
  })

  it("wagmi's own discovery still lists a wallet that announces after the config, once", async () => {
    inPage(wallet({ rdns: 'com.example.early', name: 'Early' }))
    const config = host(injectedWallets(), { discovery: true })
    // wagmi adds discovered wallets once its store has loaded from storage.
    const { persist } = config._internal.store as unknown as {
      persist: { hasHydrated(): boolean }
    }
    await expect.poll(() => persist.hasHydrated()).toBe(true)
    // The early wallet injected again (a new uuid) and a wallet loading late.
    announce(wallet({ rdns: 'com.example.early', name: 'Early' }))
    announce(wallet({ rdns: 'com.example.late', name: 'Late' }))
    expect(config.connectors.map(({ id, type }) => [id, type])).toEqual([
      ['com.example.early', 'injectedWallet'],
      ['com.example.late', 'injected'],
    ])
  })
})

describe('addInjectedWallets (server-rendered apps)', () => {
  const kinds = (connectors: readonly Connector[]) =>
    connectors.map(({ id, type }) => [id, type])

  it("the config lists the server's connectors until mount; then the announced wallets join once, before wagmi's discovery", async () => {
    inPage(
      wallet({ rdns: 'com.example.alpha', name: 'Alpha' }),
      wallet({ rdns: 'io.rabby', name: 'Rabby Wallet' }),
    )
    const config = host([], { discovery: true, ssr: true })
    // What the server rendered, and what hydration renders: no wallet.
    expect(config.connectors).toEqual([])
    const stop = addInjectedWallets(config)
    expect(kinds(config.connectors)).toEqual([
      ['com.example.alpha', 'injectedWallet'],
      ['rabby', 'injectedWallet'],
    ])
    // WagmiProvider's own mount: its discovery finds both wallets claimed.
    await hydrate(config, { reconnectOnMount: false }).onMount()
    expect(kinds(config.connectors)).toEqual([
      ['com.example.alpha', 'injectedWallet'],
      ['rabby', 'injectedWallet'],
    ])
    const { accounts } = await connect(config, {
      connector: config.connectors[1]!,
    })
    expect(accounts).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    stop()
  })

  it('leaves out a wallet another connector claims, and those in `exclude`', () => {
    inPage(
      wallet({ rdns: 'io.rabby', name: 'Rabby Wallet' }),
      wallet({ rdns: 'com.example.alpha' }),
      wallet({ rdns: 'com.example.beta' }),
    )
    const config = host([injectedWallet({ wallet: walletRegistry.rabby! })], {
      ssr: true,
    })
    addInjectedWallets(config, { exclude: ['com.example.beta'] })()
    expect(kinds(config.connectors)).toEqual([
      ['rabby', 'injectedWallet'],
      ['com.example.alpha', 'injectedWallet'],
    ])
  })

  it('a wallet announced later joins, until the returned function stops listening', () => {
    inPage(wallet({ rdns: 'com.example.early' }))
    const config = host([], { ssr: true })
    const stop = addInjectedWallets(config)
    announce(wallet({ rdns: 'com.example.late' }))
    // The same wallet injected again (a new uuid) is already claimed.
    announce(wallet({ rdns: 'com.example.early' }))
    expect(kinds(config.connectors)).toEqual([
      ['com.example.early', 'injectedWallet'],
      ['com.example.late', 'injectedWallet'],
    ])
    stop()
    announce(wallet({ rdns: 'com.example.later' }))
    expect(config.connectors).toHaveLength(2)
  })
})
