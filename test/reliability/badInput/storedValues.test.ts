// @vitest-environment happy-dom
import { base, mainnet } from 'viem/chains'
import { expect, vi } from 'vitest'
import {
  type ConnectorStorageItems,
  createConnectorStorage,
} from '../../../src/core/storage.js'
import { storedSessionTopic } from '../../../src/walletconnect/walletConnectDeepLink.js'
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import {
  blockedStorage,
  checksummedAddress,
  freshInjected,
  hostConfig,
  memoryStorage,
  passkeyConnector,
  subOrganizationId,
  walletConnectConnector,
  walletConnectTopic,
} from '../../helpers/badInputFixtures.js'

// Bad values stored by (or for) the connectors, read back as a page reloads.

/** One stored item read back through createConnectorStorage, as WalletConnect's connector reads it. */
async function readStored(
  item: keyof ConnectorStorageItems<'sessionTopic'>,
  raw: string,
) {
  const key = `host.walletConnectDeepLink.${item}`
  const { storage, entries } = memoryStorage({ [key]: raw })
  const value = await createConnectorStorage({
    storage,
    key: 'walletConnectDeepLink',
    chainIds: [mainnet.id, base.id],
    sessionId: storedSessionTopic,
  }).get(item)
  return { value, kept: entries.has(key) }
}

const discarded = {
  ignored: 'reads as undefined and is removed from storage',
  check: (result: { value: unknown; kept: boolean }) =>
    expect(result).toEqual({ value: undefined, kept: false }),
}

const cases: Case[] = [
  // --- stored connector values ---------------------------------------------
  bad({
    source: 'stored connector values',
    name: 'an account that is not an address',
    input: '"not-an-address"',
    run: (raw) => readStored('activeAccount', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'an account with a broken checksum',
    input: JSON.stringify(`${checksummedAddress.slice(0, -1)}C`),
    run: (raw) => readStored('activeAccount', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'an account that is a number',
    input: '42',
    run: (raw) => readStored('activeAccount', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'an account entry that is not JSON (written by hand)',
    input: '0xab16a96D{',
    run: (raw) => readStored('activeAccount', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'a session topic one character short',
    input: JSON.stringify(walletConnectTopic.slice(1)),
    run: (raw) => readStored('sessionTopic', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'a session topic of 100 KB',
    input: JSON.stringify('a'.repeat(100_000)),
    run: (raw) => readStored('sessionTopic', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'another connector’s session id (passkeyWallet’s organization) as a topic',
    input: JSON.stringify(subOrganizationId),
    run: (raw) => readStored('sessionTopic', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'a chain id stored as a string (older format)',
    input: '"1"',
    run: (raw) => readStored('chainId', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'a chain id the config no longer has',
    input: '10',
    run: (raw) => readStored('chainId', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'a fractional chain id',
    input: '1.5',
    run: (raw) => readStored('chainId', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'a wagmi bigint wrapper that does not parse',
    input: '{"__type":"bigint","value":"zz"}',
    run: (raw) => readStored('chainId', raw),
    expected: discarded,
  }),
  bad({
    source: 'stored connector values',
    name: 'a storage the browser refuses to read or clear',
    input: 'SecurityError on every call',
    run: () =>
      createConnectorStorage({
        storage: blockedStorage(),
        key: 'walletConnectDeepLink',
      }).get('activeAccount'),
    expected: {
      ignored: 'reads as undefined, nothing thrown',
      check: (value) => expect(value).toBeUndefined(),
    },
  }),
  bad({
    source: 'stored connector values',
    name: 'passkeyWallet reloads with a garbage account and WalletConnect’s topic',
    input: {
      'host.passkeyWallet.activeAccount': '"0xnope"',
      'host.passkeyWallet.subOrganizationId':
        JSON.stringify(walletConnectTopic),
    },
    run: async (raw) => {
      const { storage, entries } = memoryStorage(raw)
      const authorized = await passkeyConnector(storage).isAuthorized()
      const left = [...entries.keys()].filter((key) =>
        key.startsWith('host.passkeyWallet.'),
      )
      return { authorized, left }
    },
    expected: {
      ignored: 'not authorized; both entries removed',
      check: (result) =>
        expect(result).toEqual({ authorized: false, left: [] }),
    },
  }),
  bad({
    source: 'stored connector values',
    name: 'passkeyWallet reloads with a chain the config no longer has',
    input: { 'host.passkeyWallet.chainId': '10' },
    run: async (raw) => {
      const { storage, entries } = memoryStorage(raw)
      const chainId = await passkeyConnector(storage).getChainId()
      return { chainId, kept: entries.has('host.passkeyWallet.chainId') }
    },
    expected: {
      ignored: 'the first configured chain; the entry is removed',
      check: (result) =>
        expect(result).toEqual({ chainId: mainnet.id, kept: false }),
    },
  }),
  bad({
    source: 'stored connector values',
    name: 'passkeyWallet reloads where storage is blocked',
    input: 'SecurityError on every call',
    run: () => passkeyConnector(blockedStorage()).isAuthorized(),
    expected: {
      ignored: 'not authorized, nothing thrown',
      check: (authorized) => expect(authorized).toBe(false),
    },
  }),
  bad({
    source: 'stored connector values',
    name: 'walletConnectDeepLink reloads with a garbage session topic',
    input: { 'host.walletConnectDeepLink.sessionTopic': '"not-a-topic"' },
    run: async (raw) => {
      const { storage, entries } = memoryStorage(raw)
      // An SDK that would fail to start anyway; the case records whether it was loaded.
      let sdkLoaded = false
      vi.doMock('@walletconnect/sign-client', () => {
        sdkLoaded = true
        return {
          SignClient: {
            init: () => Promise.reject(new Error('no relay in this test')),
          },
        }
      })
      try {
        const authorized = await walletConnectConnector(storage).isAuthorized()
        return {
          authorized,
          kept: entries.has('host.walletConnectDeepLink.sessionTopic'),
          sdkLoaded,
        }
      } finally {
        vi.doUnmock('@walletconnect/sign-client')
      }
    },
    expected: {
      ignored: 'not authorized, without loading the SDK; the entry is removed',
      check: (result) =>
        expect(result).toEqual({
          authorized: false,
          kept: false,
          sdkLoaded: false,
        }),
    },
  }),
  bad({
    source: 'stored connector values',
    name: 'injectedWallet reloads where storage is blocked',
    input: 'SecurityError on every call',
    run: async () => {
      const { injectedWallet, rabby } = await freshInjected()
      return hostConfig(
        [injectedWallet({ wallet: rabby })],
        blockedStorage(),
      ).connectors[0]!.isAuthorized()
    },
    expected: {
      ignored: 'not authorized, nothing thrown',
      check: (authorized) => expect(authorized).toBe(false),
    },
  }),
]

runCases(cases)
