import { describe, expect, it } from 'vitest'
import {
  type WalletDescriptor,
  walletRegistry,
} from '../wallets/walletRegistry.js'
import { findInjectedProvider } from './discovery.js'
import type {
  AnnouncedProvider,
  InjectedProvider,
} from './injectedParameters.js'

// Each provider is a distinct object, so a test can tell which one was found.
function provider(flags: Record<string, unknown> = {}): InjectedProvider {
  return {
    request: async () => null,
    on() {},
    removeListener() {},
    ...flags,
  }
}

function announcement(
  rdns: string,
  announced: InjectedProvider,
): AnnouncedProvider {
  return {
    info: { uuid: crypto.randomUUID(), name: rdns, icon: '', rdns },
    provider: announced,
  }
}

const { metamask, rabby, brave, phantom, coinbase } = walletRegistry

describe('findInjectedProvider: announced wallets', () => {
  it("an announced provider under the wallet's rdns wins over a legacy one", () => {
    const announced = provider()
    const legacy = provider({ isMetaMask: true })
    expect(
      findInjectedProvider(metamask, {
        announced: [announcement('io.metamask', announced)],
        window: { ethereum: legacy },
      }),
    ).toBe(announced)
  })

  it("any of the wallet's rdns names counts, such as its mobile one", () => {
    const announced = provider()
    expect(
      findInjectedProvider(metamask, {
        announced: [announcement('io.metamask.mobile', announced)],
        window: undefined,
      }),
    ).toBe(announced)
  })

  it("another wallet's announcement is not taken for this wallet", () => {
    expect(
      findInjectedProvider(metamask, {
        announced: [announcement('io.rabby', provider({ isMetaMask: true }))],
        window: {},
      }),
    ).toBeUndefined()
  })

  it('on the server only announcements are looked at', () => {
    expect(
      findInjectedProvider(rabby, { announced: [], window: undefined }),
    ).toBeUndefined()
  })
})

describe('findInjectedProvider: legacy providers', () => {
  it('finds the wallet by its own flag on window.ethereum', () => {
    const ethereum = provider({ isRabby: true })
    expect(
      findInjectedProvider(rabby, { announced: [], window: { ethereum } }),
    ).toBe(ethereum)
  })

  it('finds the wallet inside window.ethereum.providers', () => {
    const own = provider({ isMetaMask: true })
    const ethereum = provider({
      isCoinbaseWallet: true,
      providers: [provider({ isCoinbaseWallet: true }), own],
    })
    expect(
      findInjectedProvider(metamask, { announced: [], window: { ethereum } }),
    ).toBe(own)
  })

  it('finds Phantom under window.phantom.ethereum', () => {
    const own = provider({ isPhantom: true })
    expect(
      findInjectedProvider(phantom, {
        announced: [],
        window: {
          phantom: { ethereum: own },
          ethereum: provider({ isMetaMask: true }),
        },
      }),
    ).toBe(own)
  })

  it('finds Coinbase Wallet under window.coinbaseWalletExtension', () => {
    const own = provider()
    expect(
      findInjectedProvider(coinbase, {
        announced: [],
        window: {
          coinbaseWalletExtension: own,
          ethereum: provider({ isMetaMask: true }),
        },
      }),
    ).toBe(own)
  })

  it('falls back to the flag on window.ethereum when the own global is not a provider', () => {
    const ethereum = provider({ isPhantom: true })
    expect(
      findInjectedProvider(phantom, {
        announced: [],
        window: { phantom: { solana: {} }, ethereum },
      }),
    ).toBe(ethereum)
  })

  it('does not find a wallet whose flag is absent', () => {
    expect(
      findInjectedProvider(rabby, {
        announced: [],
        window: { ethereum: provider({ isMetaMask: true }) },
      }),
    ).toBeUndefined()
  })
})

describe('findInjectedProvider: impostors', () => {
  it('a provider flagged both MetaMask and Rabby is Rabby, not MetaMask', () => {
    const ethereum = provider({ isMetaMask: true, isRabby: true })
    const window = { ethereum }
    expect(findInjectedProvider(metamask, { announced: [], window })).toBe(
      undefined,
    )
    expect(findInjectedProvider(rabby, { announced: [], window })).toBe(
      ethereum,
    )
  })

  it('a provider flagged both MetaMask and Brave Wallet is Brave, not MetaMask', () => {
    const ethereum = provider({ isMetaMask: true, isBraveWallet: true })
    const window = { ethereum }
    expect(findInjectedProvider(metamask, { announced: [], window })).toBe(
      undefined,
    )
    expect(findInjectedProvider(brave, { announced: [], window })).toBe(
      ethereum,
    )
  })

  it('a provider flagged both MetaMask and TokenPocket is not MetaMask', () => {
    expect(
      findInjectedProvider(metamask, {
        announced: [],
        window: {
          ethereum: provider({ isMetaMask: true, isTokenPocket: true }),
        },
      }),
    ).toBeUndefined()
  })

  it('a provider flagged only MetaMask is MetaMask', () => {
    const ethereum = provider({ isMetaMask: true })
    expect(
      findInjectedProvider(metamask, { announced: [], window: { ethereum } }),
    ).toBe(ethereum)
  })

  it("a host's own wallet whose flag others copy is not taken from a provider that also says isMetaMask", () => {
    const acme: WalletDescriptor = {
      id: 'acme',
      name: 'Acme',
      injected: { flags: ['isAcme'], spoofed: true },
    }
    const alsoMetaMask = provider({ isAcme: true, isMetaMask: true })
    expect(
      findInjectedProvider(acme, {
        announced: [],
        window: { ethereum: alsoMetaMask },
      }),
    ).toBeUndefined()
    const own = provider({ isAcme: true })
    expect(
      findInjectedProvider(acme, { announced: [], window: { ethereum: own } }),
    ).toBe(own)
  })

  it('the genuine MetaMask is found among impostors in window.ethereum.providers', () => {
    const genuine = provider({ isMetaMask: true })
    const ethereum = provider({
      isMetaMask: true,
      isRabby: true,
      providers: [provider({ isMetaMask: true, isBraveWallet: true }), genuine],
    })
    expect(
      findInjectedProvider(metamask, { announced: [], window: { ethereum } }),
    ).toBe(genuine)
  })

  it('an object without a request function is ignored', () => {
    expect(
      findInjectedProvider(metamask, {
        announced: [],
        window: { ethereum: { isMetaMask: true } },
      }),
    ).toBeUndefined()
    expect(
      findInjectedProvider(phantom, {
        announced: [],
        window: { phantom: { ethereum: { isPhantom: true } } },
      }),
    ).toBeUndefined()
  })

  it('a wallet with no legacy description is found only by its rdns', () => {
    const acme: WalletDescriptor = {
      id: 'acme',
      name: 'Acme Wallet',
      rdns: ['com.acme.wallet'],
    }
    const legacy = provider({ isAcme: true, isMetaMask: true })
    expect(
      findInjectedProvider(acme, {
        announced: [],
        window: { ethereum: legacy, acme: legacy },
      }),
    ).toBeUndefined()
    const announced = provider()
    expect(
      findInjectedProvider(acme, {
        announced: [announcement('com.acme.wallet', announced)],
        window: { ethereum: legacy },
      }),
    ).toBe(announced)
  })
})
