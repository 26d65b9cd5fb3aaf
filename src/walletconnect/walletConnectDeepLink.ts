import { createConnector } from '@wagmi/core'
import type { parseCaipAccount } from '../core/caip/parseCaipAccount.js'
import {
  createConnectorStorage,
  type StoredSessionId,
} from '../core/createConnectorStorage.js'
import { createListeners, type Listeners } from '../core/createListeners.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { loadOnce } from '../core/loadOnce.js'
import { withTimeout } from '../core/withTimeout.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import type { WalletConnectRuntime } from './runtime.js'
import type { DeepLinkPreference } from './links.js'

export type WalletConnectDeepLinkParameters = {
  /** Your WalletConnect Cloud project id. */
  projectId: string
  /** What the wallet shows about your app. */
  metadata?:
    | { name: string; description: string; url: string; icons: string[] }
    | undefined
  /** The relay; WalletConnect's own by default. */
  relayUrl?: string | undefined
  /** Which link opens the wallet on a phone: its app scheme (default) or its https link. */
  deepLink?: DeepLinkPreference | undefined
  /**
   * The wallet whose links open it on a phone: a registry descriptor
   * imported by name (`import { trust } from 'wagmi-connector-pack/walletconnect'`)
   * or one of your own; otherwise the session's redirect metadata.
   */
  wallet?: WalletDescriptor | undefined
  /**
   * `app` (default): the app may switch to any chain the session approved.
   * `wallet`: networks change only in the wallet.
   */
  switching?: 'app' | 'wallet' | undefined
  /**
   * Names the SDK's stored state. Two WalletConnect connectors on one page
   * (or two configs in one process) each need their own; a stable value keeps
   * the session across reloads.
   */
  storagePrefix?: string | undefined
  /**
   * WalletConnect's Verify: before each proposal and each request for the
   * user, the SDK has `verify.walletconnect.org` attest this page's origin
   * (in a hidden iframe, waiting up to 5 s), and wallets show the app as
   * verified or not. Default: on, except with a `relayUrl` on a loopback or
   * private address (the sandbox, your own relay), where no wallet checks an
   * attestation and the service may be out of reach.
   */
  verify?: boolean | undefined
  /**
   * The SDK's telemetry (`pulse.walletconnect.org`). Default: the SDK's
   * (on), except off with a `relayUrl` on a loopback or private address.
   */
  telemetry?: boolean | undefined
}

/** The pairing on screen: show `qr` as a QR code, or open `deepLink` on a phone. */
export type WalletConnectPairing = {
  uri: string
  qr: string
  deepLink: string | undefined
  /** 1 for the first URI; a new URI replaces an expired one, up to 10. */
  attempt: number
  /** Unix ms after which the URI no longer pairs. */
  expiresAt: number
}

/** What walletConnectDeepLink adds to wagmi's connector (`config.connectors` loses it: cast to `Connector & WalletConnectDeepLinkProperties`). */
export type WalletConnectDeepLinkProperties = {
  /**
   * Gets a pairing ready before connect(): loads the SDK, opens the relay
   * socket and makes a proposal, renewed before it expires while the page
   * is visible (within the 10 automatic attempts). connect() then emits
   * `display_uri` before it awaits anything, so a click handler can open
   * the wallet with it in the same tap. Idempotent; resolves once the URI
   * exists, never rejects (connect() reports what failed); does nothing on
   * the server or once connected.
   */
  prepare(): Promise<void>
  /** The pairing URI on screen, with its QR payload and deep link; `undefined` when none. */
  getPairing(): WalletConnectPairing | undefined
  /** Every account of the session, in any namespace, parsed (eip155 ones feed wagmi). */
  getSessionAccounts(): ReturnType<typeof parseCaipAccount>[]
}

/** The session's id across reloads: its WalletConnect topic, 32 bytes of hex. */
export const storedSessionTopic: StoredSessionId<'sessionTopic'> = {
  name: 'sessionTopic',
  isValid: (value) => /^[0-9a-f]{64}$/.test(value),
}

export type WalletConnectProvider = {
  request(args: { method: string; params?: unknown }): Promise<any>
} & Pick<Listeners, 'on' | 'once' | 'removeListener'>
// How long a reload waits for the SDK before it gives up restoring.
const restoreTimeoutMs = 10_000
const inBrowser = () => typeof window !== 'undefined'

walletConnectDeepLink.type = 'walletConnectDeepLink' as const

/**
 * WalletConnect that pairs by QR code or deep link and, on a phone, brings
 * the wallet app forward for every request that needs the user.
 *
 * Nothing is paid before the user reaches for it: the SDK
 * (`@walletconnect/sign-client`, an optional peer) and the connector's
 * session code load, and the relay socket opens, only on `connect()`, on a
 * stored session to restore, or on `prepare()`, which a host calls when its
 * wallet list opens so that the tap on "WalletConnect" finds a pairing URI
 * ready (`display_uri` within the connect() call).
 *
 * @example
 * import { trust, walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'
 * walletConnectDeepLink({ projectId, wallet: trust })
 */
export function walletConnectDeepLink(
  parameters: WalletConnectDeepLinkParameters,
) {
  return createConnector<
    WalletConnectProvider,
    WalletConnectDeepLinkProperties
  >((config) => {
    // Read before the session's code loads: a reload with no session stored loads nothing.
    const storage = createConnectorStorage({
      storage: config.storage,
      key: 'walletConnectDeepLink',
      chainIds: config.chains.map((chain) => chain.id),
      sessionId: storedSessionTopic,
    })
    // The host's listeners on the stable provider; the session forwards the SDK's events to them.
    const listeners = createListeners()
    const session = loadOnce(async (): Promise<WalletConnectRuntime> => {
      // Both at once: the session's code and the SDK are fetched side by side.
      const sdk = import('@walletconnect/sign-client').catch(
        async (cause: unknown) => {
          // wagmi's class: a host's instanceof check holds (loaded only on this
          // failure; if even that cannot load, the SDK's own failure stands).
          const { ProviderNotFoundError } = await import(
            '../core/errors/connection.js'
          ).catch(() => {
            throw cause
          })
          throw new ProviderNotFoundError({
            cause,
            metaMessages: [
              'Install the optional peer: npm install @walletconnect/sign-client@">=2.21.8 <3"',
            ],
          })
        },
      )
      // The session awaits it after checking the options; if they are bad, no one does.
      sdk.catch(() => undefined)
      const { createWalletConnectRuntime } = await import(
        './runtime.js'
      )
      return createWalletConnectRuntime({
        sdk,
        parameters,
        config,
        storage,
        listeners,
      })
    })
    /** A session topic in wagmi's storage: there is a session to restore. */
    const hasStoredSession = async () =>
      (await storage.get('sessionTopic')) !== undefined
    const provider: WalletConnectProvider = {
      request(args) {
        // Loaded: the session opens the wallet within the user's tap, before anything is awaited.
        if (session.value) return session.value.request(args)
        if (session.loading) return session.load().then((s) => s.request(args))
        // Nothing loaded, so no session: answered without the SDK.
        if (args.method === 'eth_chainId')
          return Promise.resolve(`0x${defaultChainIdBeforeConnecting}`)
        if (args.method === 'eth_accounts') return Promise.resolve([])
        return Promise.reject(new SessionNotFoundError())
      },
      on: listeners.on,
      once: listeners.once,
      removeListener: listeners.removeListener,
    }

    return {
      id: 'walletConnectDeepLink',
      name: 'WalletConnect',
      type: walletConnectDeepLink.type,
      async setup() {
        // A stored session is restored from page load on, as wagmi's own
        // connector would; without one, nothing loads until it is asked for.
        if (!inBrowser()) return
        if (await hasStoredSession().catch(() => false))
          session.load().catch(() => undefined)
      },
      prepare() {
        if (!inBrowser()) return Promise.resolve()
        return session.load().then(
          (s) => s.prepare(),
          () => undefined,
        )
      },
      getPairing: () => session.value?.getPairing(),
      getSessionAccounts: () => session.value?.getSessionAccounts() ?? [],
      connect(parameters = {}) {
        // Loaded (prepare() or a restore): connect() shows a prepared URI before it awaits.
        if (session.value) return session.value.connect(parameters)
        return session.load().then((s) => s.connect(parameters))
      },
      async disconnect() {
        const loaded = session.loading
          ? await session.load().catch(() => undefined)
          : session.value
        if (loaded) return loaded.disconnect()
        // Never loaded: there is only what wagmi's storage holds.
        await storage.clear()
      },
      async getAccounts() {
        return session.value ? session.value.getAccounts() : []
      },
      async getChainId() {
        return session.value
          ? session.value.getChainId()
          : defaultChainIdBeforeConnecting
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        try {
          // No session stored, nothing to restore: wagmi's reconnect need
          // not wait for the SDK, and the visitor does not download it.
          if (!(await hasStoredSession())) return false
          const loaded = await withTimeout(
            session.load(),
            restoreTimeoutMs,
            // Not thrown to anyone: isAuthorized() answers false.
            () => new SessionNotFoundError(),
          )
          return loaded.isAuthorized()
        } catch {
          return false
        }
      },
      async switchChain({ chainId }: { chainId: number }) {
        if (!config.chains.some((chain) => chain.id === chainId))
          throw new (
            await import('../core/errors/chain.js')
          ).ChainNotConfiguredError({ chainId })
        if (!session.value) throw new SessionNotFoundError()
        return session.value.switchChain({ chainId })
      },
      onAccountsChanged: (accounts: string[]) =>
        session.value?.onAccountsChanged(accounts),
      onChainChanged: (chain: string | number) =>
        session.value?.onChainChanged(chain),
      async onDisconnect() {
        await session.value?.onDisconnect()
      },
    }
  })
}
