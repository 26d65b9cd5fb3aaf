// @vitest-environment happy-dom
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import {
  announceInPage,
  announcement,
  freshInjected,
  hostConfig,
  passkeyConnector,
  walletConnectConnector,
} from '../../helpers/badInputFixtures.js'

// Chain ids the host asks the connectors for that the config does not have.

const cases: Case[] = [
  // --- requested chain ids -------------------------------------------------
  bad({
    source: 'requested chain ids',
    name: 'passkeyWallet connect to a chain outside the config',
    input: 10,
    run: (chainId) => passkeyConnector().connect({ chainId }),
    expected: {
      throws: 'ChainNotConfiguredError',
      message: 'Could not find network mapping for chain',
    },
  }),
  bad({
    source: 'requested chain ids',
    name: 'passkeyWallet switch to NaN',
    input: Number.NaN,
    run: (chainId) => passkeyConnector().switchChain!({ chainId }),
    expected: {
      throws: 'ChainNotConfiguredError',
      message: 'Could not find network mapping for chain',
    },
  }),
  bad({
    source: 'requested chain ids',
    name: 'walletConnectDeepLink connect to a chain outside the config',
    input: 10,
    run: (chainId) => walletConnectConnector().connect({ chainId }),
    expected: {
      throws: 'ChainNotConfiguredError',
      message: 'Could not find network mapping for chain',
    },
  }),
  bad({
    source: 'requested chain ids',
    name: 'injectedWallet switch to a negative chain id',
    input: -1,
    run: async (chainId) => {
      announceInPage(announcement({ rdns: 'io.rabby', name: 'Rabby' }))
      const { injectedWallet, rabby } = await freshInjected()
      return hostConfig([injectedWallet({ wallet: rabby })]).connectors[0]!
        .switchChain!({ chainId })
    },
    expected: {
      throws: 'ChainNotConfiguredError',
      message: 'Could not find network mapping for chain',
    },
  }),
]

runCases(cases)
