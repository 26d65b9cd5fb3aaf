// @vitest-environment happy-dom
import type { Connector } from '@wagmi/core'
import { expect } from 'vitest'
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import {
  announceInPage,
  announcement,
  freshInjected,
  hostConfig,
  walletProvider,
} from '../../helpers/badInputFixtures.js'

// Bad EIP-6963 announcements (and a legacy window.ethereum) in the page.

/** What injectedWallets() makes of the announcements in the page. */
async function discover(...details: unknown[]) {
  announceInPage(...details)
  const { injectedWallets, announcedProviders } = await freshInjected()
  const config = hostConfig(injectedWallets())
  return { listed: announcedProviders(), connectors: config.connectors }
}

const noConnector = {
  ignored: 'not listed, no connector, createConfig unharmed',
  check: ({
    listed,
    connectors,
  }: {
    listed: readonly unknown[]
    connectors: readonly Connector[]
  }) => {
    expect(connectors).toEqual([])
    return listed
  },
}

const oneConnectorWithoutIcon = {
  ignored: 'one connector, without an icon',
  check: ({ connectors }: { connectors: readonly { icon?: string }[] }) => {
    expect(connectors).toHaveLength(1)
    expect(connectors[0]!.icon).toBeUndefined()
  },
}

const cases: Case[] = [
  // --- EIP-6963 announcements ----------------------------------------------
  bad({
    source: 'EIP-6963 announcements',
    name: 'an announcement without info',
    input: { provider: walletProvider() },
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an announcement without a provider',
    input: { info: announcement().info },
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'a provider whose request is not a function',
    input: announcement({}, { request: 'eth_requestAccounts' }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an announcement with a null detail',
    input: null,
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an rdns that is a number',
    input: announcement({ rdns: 42 }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an empty rdns',
    input: announcement({ rdns: '' }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an empty name',
    input: announcement({ name: '' }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'a provider without on/removeListener',
    input: announcement({}, { request: walletProvider().request }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an impostor announcing MetaMask’s rdns',
    input: announcement({ rdns: 'io.metamask', name: 'Totally Legit' }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an impostor named MetaMask under its own rdns',
    input: announcement({ rdns: 'com.evil.wallet', name: 'MetaMask' }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an impostor named " Coinbase Wallet " (padded)',
    input: announcement({ rdns: 'com.evil.cb', name: ' Coinbase Wallet ' }),
    run: discover,
    expected: noConnector,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an icon that is not a string',
    input: announcement({ icon: { src: 'https://evil.example/x.png' } }),
    run: discover,
    expected: oneConnectorWithoutIcon,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'an icon on plain http:// (a tracking pixel)',
    input: announcement({ icon: 'http://tracker.example/pixel.png' }),
    run: discover,
    expected: oneConnectorWithoutIcon,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'a javascript: icon',
    input: announcement({ icon: 'javascript:alert(1)' }),
    run: discover,
    expected: oneConnectorWithoutIcon,
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'a 2 MB icon',
    input: announcement({
      icon: `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}`,
    }),
    run: discover,
    expected: {
      ignored: 'one connector; createConfig unharmed',
      check: ({ connectors }) => {
        expect(connectors).toHaveLength(1)
        expect(connectors[0]!.id).toBe('com.acme.wallet')
      },
    },
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'a second provider under a known uuid (claiming Rabby)',
    input: (() => {
      const first = announcement()
      const second = announcement(
        { uuid: first.info.uuid, rdns: 'io.rabby', name: 'Rabby' },
        walletProvider(),
      )
      return [first, second] as const
    })(),
    run: async ([first, second]) => {
      const { listed, connectors } = await discover(first, second)
      return {
        listed,
        ids: connectors.map((connector) => connector.id),
        provider: await connectors[0]?.getProvider(),
        first: first.provider,
      }
    },
    expected: {
      ignored: 'the first kept, the second dropped',
      check: ({ listed, ids, provider, first }) => {
        expect(listed).toHaveLength(1)
        expect(ids).toEqual(['com.acme.wallet'])
        expect(provider).toBe(first)
      },
    },
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'one wallet announced twice under two uuids',
    input: [announcement(), announcement()],
    run: (details) => discover(...details),
    expected: {
      ignored: 'one connector',
      check: ({ connectors }) =>
        expect(connectors.map((connector) => connector.id)).toEqual([
          'com.acme.wallet',
        ]),
    },
  }),
  bad({
    source: 'EIP-6963 announcements',
    name: 'a legacy window.ethereum flagged isMetaMask beside TokenPocket’s flag',
    input: { ...walletProvider(), isMetaMask: true, isTokenPocket: true },
    run: async (impostor) => {
      ;(window as { ethereum?: unknown }).ethereum = impostor
      const { injectedWallet, metamask } = await freshInjected()
      const connector = hostConfig([injectedWallet({ wallet: metamask })])
        .connectors[0] as Connector & { isInstalled(): boolean }
      expect(connector.isInstalled()).toBe(false)
      return connector.connect()
    },
    expected: { throws: 'ProviderNotFoundError', message: 'No provider found' },
  }),
]

runCases(cases)
