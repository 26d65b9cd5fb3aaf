import { type AnvilInstance, startAnvil } from './anvil/startAnvil.js'
import {
  type SandboxChainUrls,
  sandboxChainIds,
  sandboxChains,
} from './chains.js'
import { deployGasStation } from './contracts/gasStation.js'
import { deployNameResolver } from './contracts/nameResolver.js'
import { sandboxMnemonic } from './devAccounts.js'
import { startExportFrameServer } from './exportFrame/startExportFrameServer.js'
import { hostOrigin } from './hostOrigin.js'
import {
  type IdentityProvider,
  type StartIdentityProviderParameters,
  startIdentityProvider,
} from './oidc/startIdentityProvider.js'
import { type Relay, startRelay } from './relay/startRelay.js'
import type { AuthProxyConfigInit } from './turnkey/authProxy/AuthProxyConfig.js'
import {
  type AuthProxy,
  startAuthProxy,
} from './turnkey/authProxy/startAuthProxy.js'
import { signingSessionProfileId } from './turnkey/signingSessionProfile.js'
import {
  type ApiKeyPair,
  type StartVendorParameters,
  startVendor,
} from './turnkey/startVendor.js'

export type StartSandboxParameters = {
  /** Seconds between blocks on every chain. */
  blockTime?: number | undefined
  /**
   * The Auth Proxy's configs, the first being `authProxy.configId`; by default
   * one allowing the playground's origin, http://localhost:5173.
   */
  authProxyConfigs?: readonly AuthProxyConfigInit[] | undefined
  /**
   * Host pages outside the default that use the sandbox (`--origin`): each
   * is allowed by the vendor (CORS and passkeys, its hostname as rp id), the
   * Auth Proxy's default config and the export frame. Every localhost port
   * already is, except for the Auth Proxy, which allows http://localhost:5173.
   */
  origins?: readonly string[] | undefined
  /** The identity provider's redirect URIs and ID token lifetime. */
  identityProvider?: StartIdentityProviderParameters | undefined
} & Omit<StartVendorParameters, 'origins' | 'oidcIssuers'>

export type Sandbox = {
  /** JSON-RPC URL of each chain's anvil, by chain id. */
  rpcUrls: SandboxChainUrls
  /** Each chain's node, by chain id, for fault injection (`crash()`, `restart()`). */
  anvils: Record<number, AnvilInstance>
  /** The Turnkey-compatible API emulator. */
  vendor: {
    url: string
    parentOrganizationId: string
    /** For the host backend only; never hand it to a browser. */
    parentApiKey: ApiKeyPair
    /** Uncompressed P-256 key that signs export bundles (pass it to decryptExportBundle). */
    signerPublicKey: string
    /** Uncompressed P-256 key that signs session JWTs. */
    notarizerPublicKey: string
    /**
     * The parent organization's signing session profile (scope
     * `signingSessionScope`): a login naming it gets a session key that
     * signs, sends transactions and revokes itself, and nothing else.
     */
    sessionProfileId: string
  }
  /**
   * The vendor's Auth Proxy (sign-up, email OTP log-in with no host backend):
   * `url`, the default `configId` and the origins it allows, `addConfig()`,
   * and `allowOrigin(origin)` for a page whose port is known once it listens.
   */
  authProxy: AuthProxy
  /**
   * The export frame page, trusting the vendor's signer key; on 127.0.0.1,
   * so it is cross-origin to a host page on localhost.
   */
  exportFrameUrl: string
  /** The WalletConnect relay (`relay.url` is the `relayUrl`), with its test hooks. */
  relay: Relay
  /**
   * The OpenID Connect provider ("Continue with Google or Apple"): its
   * issuer, which the vendor trusts, the Google and Apple presets' client
   * ids, and the test identities its sign-in page lists.
   */
  identityProvider: Omit<IdentityProvider, 'stop'>
  /**
   * Resolves when a process ends without `stop()`: its name, and whether it
   * ended as a stop signal asks (a terminal's Ctrl-C reaches the whole
   * process group, so a chain may get it before the sandbox does).
   */
  died: Promise<{ who: string; asked: boolean }>
  /** Stops every process; safe to call more than once. */
  stop(): Promise<void>
}

/**
 * Starts the local world on 127.0.0.1: two real anvil chains (1 and 8453),
 * the identity provider, the vendor emulator, its Auth Proxy, the export
 * frame and the relay. If anything fails to start, what did start is stopped
 * again.
 */
export async function startSandbox({
  blockTime = 0.5,
  authProxyConfigs,
  origins: givenOrigins = [],
  identityProvider: identityProviderParameters,
  ...vendorParameters
}: StartSandboxParameters = {}): Promise<Sandbox> {
  const origins = givenOrigins.map(hostOrigin)
  // First: the vendor trusts its issuer, whose URL names the port it got.
  const identityProvider = await startIdentityProvider(
    identityProviderParameters,
  )
  const started = await Promise.allSettled(
    sandboxChainIds.map((chainId) =>
      startAnvil({ chainId, blockTime, mnemonic: sandboxMnemonic }),
    ),
  )
  const anvils = started
    .filter((result) => result.status === 'fulfilled')
    .map((result) => (result as PromiseFulfilledResult<AnvilInstance>).value)
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await Promise.all([
      identityProvider.stop(),
      ...anvils.map((anvil) => anvil.stop()),
    ])
    throw (failure as PromiseRejectedResult).reason
  }
  const rpcUrls = Object.fromEntries(
    anvils.map((anvil) => [anvil.chainId, anvil.rpcUrl]),
  ) as SandboxChainUrls
  const vendor = await startVendor({
    ...vendorParameters,
    origins,
    chains: rpcUrls,
    oidcIssuers: [identityProvider.issuer],
  }).catch(async (error: unknown) => {
    await Promise.all([
      identityProvider.stop(),
      ...anvils.map((anvil) => anvil.stop()),
    ])
    throw error
  })
  const sessionProfileId = await signingSessionProfileId(vendor).catch(
    async (error: unknown) => {
      await Promise.all([
        identityProvider.stop(),
        vendor.stop(),
        ...anvils.map((anvil) => anvil.stop()),
      ])
      throw error
    },
  )
  const authProxy = await startAuthProxy(vendor, {
    configs: authProxyConfigs,
  }).catch(async (error: unknown) => {
    await Promise.all([
      identityProvider.stop(),
      vendor.stop(),
      ...anvils.map((anvil) => anvil.stop()),
    ])
    throw error
  })
  for (const origin of origins) authProxy.allowOrigin(origin)
  const exportFrame = await startExportFrameServer({
    signerPublicKey: vendor.signerPublicKey,
    frameAncestors: ['http://localhost:*', ...origins],
  }).catch(async (error: unknown) => {
    await Promise.all([
      identityProvider.stop(),
      vendor.stop(),
      authProxy.stop(),
      ...anvils.map((anvil) => anvil.stop()),
    ])
    throw error
  })
  const relay = await startRelay().catch(async (error: unknown) => {
    await Promise.all([
      identityProvider.stop(),
      vendor.stop(),
      authProxy.stop(),
      exportFrame.stop(),
      ...anvils.map((anvil) => anvil.stop()),
    ])
    throw error
  })
  await Promise.all([
    deployNameResolver(sandboxChains(rpcUrls)[1]),
    ...sandboxChains(rpcUrls).map((chain) => deployGasStation(chain)),
  ]).catch(async (error: unknown) => {
    await Promise.all([
      identityProvider.stop(),
      vendor.stop(),
      authProxy.stop(),
      exportFrame.stop(),
      relay.stop(),
      ...anvils.map((anvil) => anvil.stop()),
    ])
    throw error
  })
  let stopping: Promise<void> | undefined
  const never = new Promise<never>(() => {})
  return {
    rpcUrls,
    anvils: Object.fromEntries(anvils.map((anvil) => [anvil.chainId, anvil])),
    vendor: {
      url: vendor.url,
      parentOrganizationId: vendor.parentOrganizationId,
      parentApiKey: vendor.parentApiKey,
      signerPublicKey: vendor.signerPublicKey,
      notarizerPublicKey: vendor.notarizerPublicKey,
      sessionProfileId,
    },
    authProxy,
    exportFrameUrl: exportFrame.url,
    relay,
    identityProvider: {
      issuer: identityProvider.issuer,
      clientIds: identityProvider.clientIds,
      identities: identityProvider.identities,
    },
    died: Promise.race(
      anvils.map((anvil) =>
        anvil.exited.then(({ asked }) =>
          stopping ? never : { who: `anvil (chain ${anvil.chainId})`, asked },
        ),
      ),
    ),
    stop() {
      stopping ??= Promise.all([
        identityProvider.stop(),
        vendor.stop(),
        authProxy.stop(),
        exportFrame.stop(),
        relay.stop(),
        ...anvils.map((anvil) => anvil.stop()),
      ]).then(() => {})
      return stopping
    },
  }
}
