import { p256 } from '@noble/curves/p256'
import { base58 } from '@scure/base'
import { hpkeEncrypt } from '@turnkey/crypto'
import {
  type Connector,
  type CreateConnectorFn,
  type CreateStorageParameters,
  createConfig,
  createStorage,
  type Storage,
} from '@wagmi/core'
import { bytesToHex, hexToBytes, http, sha256 } from 'viem'
import { base, mainnet } from 'viem/chains'
import { expect, vi } from 'vitest'
import {
  type PasskeyWalletParameters,
  passkeyWallet,
} from '../../src/passkey/passkeyWallet.js'
import type { Stamper } from '../../src/turnkey/stampers.js'
import { walletConnectDeepLink } from '../../src/walletconnect/walletConnectDeepLink.js'

// Fixtures for the bad-input cases (./*.test.ts): hosts, storages, connectors,
// wallets in the page, codes.

export const organizationId = '5f0c8a3e-1b2d-4c6e-9f70-123456789abc'
export const subOrganizationId = '5f0c8a3e-1b2d-4c6e-9f70-123456789abd'
export const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const checksummedAddress = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
/** The clock of the recovery cases, in seconds. */
export const now = 1_800_000_000
export const walletConnectTopic = 'ab'.repeat(32)
export const pairingUri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'

type BaseStorage = NonNullable<CreateStorageParameters['storage']>

/**
 * wagmi's storage (`key: 'host'`) over a map of raw strings, as
 * localStorage holds them: entries are named `host.<connector>.<item>`.
 */
export function memoryStorage(raw: Record<string, string> = {}) {
  const entries = new Map(Object.entries(raw))
  const base: BaseStorage = {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  }
  return { storage: createStorage({ key: 'host', storage: base }), entries }
}

/**
 * A storage the browser refuses to read or clear (a sandboxed iframe,
 * blocked cookies). Writes fail silently, as in wagmi's default storage.
 */
export function blockedStorage() {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }
  const base: BaseStorage = {
    getItem: refuse,
    setItem: () => undefined,
    removeItem: refuse,
  }
  return createStorage({ key: 'host', storage: base })
}

let hosts = 0

/** A host page's wagmi config around the given connectors (no discovery of its own). */
export function hostConfig(
  connectors: CreateConnectorFn[],
  storage: Storage | null = memoryStorage().storage,
) {
  hosts++
  return createConfig({
    chains: [mainnet, base],
    connectors,
    multiInjectedProviderDiscovery: false,
    storage,
    transports: {
      [mainnet.id]: http('http://127.0.0.1:1'),
      [base.id]: http('http://127.0.0.1:1'),
    },
  })
}

/** Storage prefix of the WalletConnect SDK, one per host, as two apps would have. */
const sdkPrefix = () => `reliability-${hosts}-${Math.random()}`

const answering: (() => void)[] = []

/** Wallets in the page: each detail is announced now and whenever the page asks (EIP-6963). */
export function announceInPage(...details: unknown[]) {
  const answer = () => {
    for (const detail of details)
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail }),
      )
  }
  window.addEventListener('eip6963:requestProvider', answer)
  answering.push(() =>
    window.removeEventListener('eip6963:requestProvider', answer),
  )
  answer()
}

export function stopAnnouncing() {
  for (const stop of answering.splice(0)) stop()
}

/** A wallet's EIP-1193 provider holding Alice's account on mainnet. */
export function walletProvider() {
  return {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts')
        return [alice]
      if (method === 'eth_chainId') return '0x1'
      throw Object.assign(new Error(`${method} is not supported`), {
        code: 4200,
      })
    },
    on() {},
    removeListener() {},
  }
}

/** An EIP-6963 announcement; `info` fields override a well-formed one. */
export function announcement(
  info: Record<string, unknown> = {},
  provider: unknown = walletProvider(),
) {
  return {
    info: {
      uuid: crypto.randomUUID(),
      name: 'Acme Wallet',
      rdns: 'com.acme.wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
      ...info,
    },
    provider,
  }
}

const base58check = (payload: Uint8Array) =>
  base58.encode(
    Uint8Array.from([
      ...payload,
      ...sha256(sha256(payload), 'bytes').slice(0, 4),
    ]),
  )

/** What the vendor emails: `secret` sealed to the page's key (hex, uncompressed). */
export function sealRecoveryCode(secret: Uint8Array, targetPublicKey: string) {
  return base58check(
    hpkeEncrypt({
      plainTextBuf: secret,
      targetKeyBuf: hexToBytes(`0x${targetPublicKey}`),
    }),
  )
}

/** A recovery key and the compressed public key the vendor lists it under. */
export function recoveryKey() {
  const secret = p256.utils.randomPrivateKey()
  return {
    secret,
    publicKey: bytesToHex(p256.getPublicKey(secret, true)).slice(2),
  }
}

/** A base58check string of the right length whose first 33 bytes are no P-256 point. */
export const offCurveBundle = base58check(
  Uint8Array.from({ length: 81 }, (_, index) => (index === 0 ? 0x05 : 0xff)),
)

/** The vendor answering every request with this status and body. */
export function vendorAnswering(
  status: number,
  body: string,
  statusText = '',
): typeof fetch {
  return async () => new Response(body, { status, statusText })
}

export const stamper: Stamper = {
  kind: 'session',
  stamp: async () => ({ header: 'X-Stamp', value: 'stamp' }),
}

/** A JWT-shaped string whose payload is `payload` (no signature check is made). */
export function sessionToken(payload: string) {
  const encode = (text: string) =>
    btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${encode('{"alg":"ES256"}')}.${encode(payload)}.signature`
}

/** The browser's WebAuthn on a page that has it; `create` answers as given. */
export function stubWebauthn(create: () => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {})
  const credentials = { create: vi.fn(create), get: vi.fn(create) }
  Object.defineProperty(navigator, 'credentials', {
    value: credentials,
    configurable: true,
  })
  return credentials
}

export function removeWebauthn() {
  Reflect.deleteProperty(navigator, 'credentials')
}

export const validPasskey: PasskeyWalletParameters = {
  organizationId,
  createAccount: async () => ({ subOrganizationId }),
}

export function passkeyConnector(
  storage = memoryStorage().storage,
  parameters: Partial<PasskeyWalletParameters> = {},
) {
  return hostConfig(
    [passkeyWallet({ ...validPasskey, ...parameters })],
    storage,
  ).connectors[0]!
}

/**
 * connect() of the connector `create` makes, in a host's config as a page has
 * it: creating the connector and the config must not throw, whatever the
 * options (a bad one is connect()'s typed error).
 */
export function connectCreated(create: () => CreateConnectorFn) {
  let connector: Connector | undefined
  expect(() => {
    connector = hostConfig([create()]).connectors[0]
  }).not.toThrow()
  return connector!.connect()
}

export function walletConnectConnector(storage = memoryStorage().storage) {
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
export async function freshInjected() {
  vi.resetModules()
  const [
    { injectedWallet },
    { injectedWallets },
    { announcedProviders },
    { metamask, rabby },
  ] = await Promise.all([
    import('../../src/injected/injectedWallet.js'),
    import('../../src/injected/injectedWallets.js'),
    import('../../src/injected/discovery.js'),
    import('../../src/wallets/walletRegistry.js'),
  ])
  return {
    injectedWallet,
    injectedWallets,
    announcedProviders,
    metamask,
    rabby,
  }
}
