import type { Transport } from '@wagmi/core'
import {
  type Address,
  type Chain,
  type EIP1193Parameters,
  UnauthorizedProviderError,
} from 'viem'
import { configuredChain } from '../core/chains.js'
import { RequestRefusedError } from '../core/connectionErrors.js'
import { defaultChainIdBeforeConnecting, loadOnce } from '../core/connector.js'
import { createSupersession, singleFlight } from '../core/lifecycle.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { ConnectorStorage } from '../core/storage.js'
import type { ExportAccess } from '../export/exportFlow.js'
import {
  createVendorClient,
  type VendorClient,
} from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'
import { createPasskeyStamper } from '../turnkey/stampers.js'
import { createAccountAccess } from './accountAccess.js'
import { InvalidPasskeyWalletParameterError } from './errors.js'
import { getPasskeyAssertion } from './passkeyCeremonies.js'
import {
  checkPasskeyWalletParameters,
  type PasskeyWalletConnectParameters,
  type PasskeyWalletParameters,
  socialLoginOption,
} from './passkeyParameters.js'
import { createSessionKeys } from './sessionKey.js'
import { revokeSessionKey } from './sessionKeyRevocation.js'
import { sessionKeyStore } from './sessionKeyStore.js'
import { loadEmailVerification, signUpWithPasskey } from './signUp.js'

export type PasskeyRuntimeParameters = {
  /** As the host gave them: checked here, each bad one a typed error. */
  parameters: PasskeyWalletParameters
  chains: readonly [Chain, ...Chain[]]
  transports: Record<number, Transport> | undefined
  storage: ConnectorStorage<'subOrganizationId'>
  /** Where the session key lives in IndexedDB; `undefined` keeps it in memory only. */
  sessionStoreKey: string | undefined
  /** Tells wagmi that the chain changed. */
  onChainChanged(chainId: number): void
  /** Events for the EIP-1193 provider's listeners. */
  emit(event: string, ...args: unknown[]): void
  /** A sign-in that came back by redirect failed: tells the host, whose reconnect reports nothing. */
  onSignInFailed(error: Error): void
}

type Connection = {
  organizationId: string
  address: Address
  /** Known after a log-in; looked up when the session was restored. */
  walletId?: string | undefined
  /** The passkey the user connected with; unknown after a reload, until the next log-in. */
  credentialId?: string | undefined
}

/** passkeyWallet's runtime (docs/layout.md): ceremonies, the vendor, sessions and signing. */
export function createPasskeyRuntime({
  parameters,
  chains,
  transports,
  storage,
  sessionStoreKey,
  onChainChanged,
  emit,
  onSignInFailed,
}: PasskeyRuntimeParameters) {
  const checked = checkPasskeyWalletParameters(parameters)
  const { authProxy, backendTimeoutMs, oidc } = checked
  const rpId = () => parameters.rpId ?? location.hostname
  const anyPasskey = passkeyStamperFor(rpId)
  let connection: Connection | undefined
  /**
   * Within a connection, prompts ask for the passkey it was made with: a
   * device holding passkeys of two accounts offers no wrong one.
   */
  const passkeyStamper = (
    credentialId?: string,
    signal?: AbortSignal,
    onAssertion?: (credentialId: string) => void,
  ) => anyPasskey(credentialId ?? connection?.credentialId, signal, onAssertion)
  const client = createVendorClient({
    baseUrl: checked.apiBaseUrl,
    timeoutMs: checked.vendorTimeoutMs,
  })
  const sessionKeys = createSessionKeys({
    client,
    passkeyStamper,
    sessionStoreKey,
    ...checked,
  })
  const { vendor, stamper } = sessionKeys
  // Connects on chain 1 (Ethereum) when the host has it, else on its first chain.
  let chainId: number = (
    chains.find((c) => c.id === defaultChainIdBeforeConnecting) ?? chains[0]
  ).id
  const gate = createConnectGate<Connection>()
  const emailVerification = loadEmailVerification({
    parameters,
    backendTimeoutMs,
    authProxy,
  })
  // Superseded by every disconnect: a ceremony that finishes afterwards connects nothing.
  const lifetime = createSupersession()
  const accounts = createAccountAccess({
    parentOrganizationId: parameters.organizationId,
    vendor,
    stamper,
    passkeyStamper,
    startSessionKey: sessionKeys.start,
    knownOrganization: readStoredConnection(storage).then(
      (stored) => stored.connection?.organizationId,
      () => undefined,
    ),
  })

  // The sign-ins with a provider: their code comes with the runtime's, so
  // that the window opens in the person's tap.
  const providerSignIn =
    oidc &&
    loadOnce(() =>
      oidc.signIns({
        backendTimeoutMs,
        authProxy,
        endOthersOnLogIn: checked.endOthersOnLogIn,
        sessionSeconds: checked.sessionSeconds!,
        sessionProfileId: checked.sessionProfileId,
        sessionStoreKey,
        client,
        sessionKeys,
        accounts,
      }),
    )
  void providerSignIn?.load().catch(() => undefined)

  /**
   * The connection from stored public data and the IndexedDB session key:
   * no request, no prompt. A page the provider sent the person back to
   * finishes that sign-in instead; its failure reaches the host as the
   * connector's `error` event (wagmi's reconnect keeps it quiet).
   */
  async function restore(): Promise<Connection | undefined> {
    const signal = lifetime.current()
    if (providerSignIn && oidc?.hasAnswer()) {
      const signedIn = await gate
        .enter('provider', () =>
          providerSignIn.load().then((signIn) => signIn.finish(signal)),
        )
        // Told to the host; the connection stored before, if any, is restored all the same.
        .catch((error: unknown) => {
          onSignInFailed(error as Error)
          return undefined
        })
      if (signedIn) return signedIn
    }
    const stored = await readStoredConnection(storage)
    if (stored.chainId) chainId = stored.chainId
    if (!stored.connection) return undefined
    const key = await sessionKeys.readStored(stored.connection.organizationId)
    return sessionKeys.resume(key, signal) ? stored.connection : undefined
  }

  const signUp = (
    signUpWith: NonNullable<PasskeyWalletConnectParameters['signUp']>,
    signal: AbortSignal,
  ) =>
    signUpWithPasskey(signUpWith, signal, {
      parameters,
      rpId: rpId(),
      backendTimeoutMs,
      authProxy,
      emailVerification,
      accounts,
    })

  async function switchChain(id: number) {
    const chain = configuredChain(chains, id)
    chainId = id
    await storage.set('chainId', id)
    onChainChanged(id)
    emit('chainChanged', `0x${id.toString(16)}`)
    return chain
  }

  const provider = loadRequestCode(() =>
    import('./passkeyProvider.js').then(({ createConnectionProvider }) =>
      createConnectionProvider({
        connection: () => connection,
        vendor,
        stamper,
        signatureStamper: () => sessionKeys.signatureStamper(),
        sponsorship: checked.sponsorship,
        backendTimeoutMs,
        chains,
        transports,
        chainId: () => chainId,
        switchChain: async (id) => {
          await switchChain(id)
        },
      }),
    ),
  )

  // Connecting again while the passkey prompt is open joins it (the same click twice).
  const ceremony = async ({
    signUp: signUpWith,
    oidc: withProvider,
  }: PasskeyWalletConnectParameters): Promise<Connection> =>
    withProvider && providerSignIn
      ? gate.enter('provider', () => {
          const signal = lifetime.current()
          return providerSignIn
            .load()
            .then((signIn) => signIn.connect(withProvider, signal))
        })
      : gate.enter(signUpWith ? 'sign-up' : 'log-in', () =>
          signUpWith
            ? signUp(signUpWith, lifetime.current())
            : accounts.logIn(lifetime.current()),
        )

  return {
    async request(args: EIP1193Parameters) {
      const asked = { signal: lifetime.current(), address: connection?.address }
      const loaded = await provider.load()
      // A disconnect (or a restore of another account) while the code loaded ends the request, as
      // it ends those waiting their turn: a transaction without `from` would otherwise go out for
      // whoever connected since.
      if (
        asked.signal.aborted ||
        (asked.address && connection?.address !== asked.address)
      )
        throw new UnauthorizedProviderError(
          new SessionNotFoundError({ reason: 'ended' }),
        )
      return loaded.request(args)
    },
    switchChain,
    emailVerification: {
      sendCode: emailVerification.sendCode,
      confirmCode: emailVerification.confirmCode,
    },
    chainId: () => chainId,
    accounts: () => (connection ? [connection.address] : []),
    async connect(connectParameters: PasskeyWalletConnectParameters) {
      const {
        chainId: requestedChainId,
        isReconnecting,
        signUp: signUpWith,
      } = connectParameters
      refuseBeforePrompt({
        signUpWith,
        oidc: connectParameters.oidc,
        offersProviders: oidc !== undefined,
        requestedChainId,
        chains,
        emailProof: emailVerification.proofFor,
      })
      const signal = lifetime.current()
      // A disconnect may come during any await: nothing is kept or stored after it.
      const stillWanted = () => {
        if (signal.aborted)
          throw new SessionNotFoundError({ reason: 'abandoned' })
      }
      const next = await (isReconnecting
        ? restore()
        : ceremony(connectParameters)
      )
        // A prompt the disconnect closed fails as what it is: a connection left.
        .catch((error: unknown) => {
          stillWanted()
          throw error
        })
      stillWanted()
      if (!next) throw new SessionNotFoundError()
      if (requestedChainId !== undefined) chainId = requestedChainId
      connection = next
      accounts.remember(next.organizationId)
      await storeConnection(storage, { ...next, chainId }, stillWanted)
      provider.fetchBeforePrompts(sessionKeys.silentUntil)
      emit('connect', { chainId: `0x${chainId.toString(16)}` })
      emit('accountsChanged', [next.address])
      return { address: next.address, chainId }
    },
    /** The connected account's provider links (its code loaded now). */
    async providerLinks() {
      if (!oidc)
        throw new InvalidPasskeyWalletParameterError('oidc', socialLoginOption)
      return oidc.links({
        authProxy,
        vendor,
        stamper: () => stamper(),
        passkeyStamper: () => passkeyStamper(),
        organizationId: () => connection?.organizationId,
        signal: lifetime.current,
      })
    },
    /** What exporting needs: the raw client (no session fallback) and the passkey. */
    exportAccess: () =>
      createPasskeyExportAccess({
        frameUrl: checked.exportFrameUrl,
        frameTimeoutMs: checked.frameTimeoutMs,
        client,
        passkeyStamper,
        connected: () => connection,
        findWalletId: async (organizationId, address) =>
          (await accounts.find(organizationId, undefined, address)).walletId,
      }),
    /**
     * Forgets the connection in memory at once (the shell clears wagmi's
     * storage), then revokes the session key at the vendor: the promise ends
     * when the vendor deleted it, or after a deadline when it did not answer.
     */
    forget(): Promise<void> {
      provider.cancel()
      lifetime.supersede()
      // The next connect prompts anew: it must not join the ceremony the user left.
      gate.release()
      emailVerification.clear()
      connection = undefined
      accounts.remember(undefined)
      provider.value?.dropWaitingRequests()
      return sessionKeys.revoke()
    },
  }
}

/**
 * What connect() refuses before any prompt: a sign-up without a name, an
 * email without its owner's proof, a chain the config lacks. The user is
 * never asked for a connection that cannot be made.
 */
function refuseBeforePrompt({
  signUpWith,
  oidc,
  offersProviders,
  requestedChainId,
  chains,
  emailProof,
}: {
  signUpWith: PasskeyWalletConnectParameters['signUp']
  oidc: PasskeyWalletConnectParameters['oidc']
  offersProviders: boolean
  requestedChainId: number | undefined
  chains: readonly Chain[]
  emailProof(email: string): unknown
}) {
  const userName = signUpWith?.userName
  if (
    signUpWith !== undefined &&
    (typeof userName !== 'string' || userName.trim() === '')
  )
    throw new InvalidPasskeyWalletParameterError(
      'signUp.userName',
      'a non-empty name for the new passkey',
    )
  if (signUpWith?.email) emailProof(signUpWith.email)
  // The rest of `oidc` is checked with its code, before anything is asked of the provider.
  if (oidc !== undefined && !offersProviders)
    throw new InvalidPasskeyWalletParameterError('oidc', socialLoginOption)
  if (oidc !== undefined && signUpWith !== undefined)
    throw new InvalidPasskeyWalletParameterError(
      'oidc',
      'no `signUp` beside it: a provider signs up a person who has no account',
    )
  if (requestedChainId !== undefined) configuredChain(chains, requestedChainId)
}

/**
 * The passkey's stamper for the page's rp id; after a sign-up, its prompts ask
 * for the passkey just made (`credentialId`): no choice among the site's others.
 */
const passkeyStamperFor =
  (rpId: () => string) =>
  (
    credentialId?: string,
    signal?: AbortSignal,
    onAssertion?: (credentialId: string) => void,
  ) =>
    createPasskeyStamper({
      rpId: rpId(),
      getAssertion: getPasskeyAssertion,
      credentialId,
      signal,
      onAssertion,
    })

/** What a connection keeps in wagmi's storage: public data only (never a key). */
async function readStoredConnection(
  storage: PasskeyRuntimeParameters['storage'],
) {
  const [address, organizationId, chainId] = await Promise.all([
    storage.get('activeAccount'),
    storage.get('subOrganizationId'),
    storage.get('chainId'),
  ])
  return {
    chainId,
    connection:
      address && organizationId ? { organizationId, address } : undefined,
  }
}

/**
 * Stores a connection, last and each write only while still wanted (a
 * disconnect's clear is issued after it): a connect that failed or was
 * abandoned leaves nothing that would reconnect on reload.
 */
async function storeConnection(
  storage: PasskeyRuntimeParameters['storage'],
  { address, organizationId, chainId }: Connection & { chainId: number },
  stillWanted: () => void,
) {
  const entries = [
    ['activeAccount', address],
    ['subOrganizationId', organizationId],
    ['chainId', chainId],
  ] as const
  for (const [key, value] of entries) {
    stillWanted()
    await storage.set(key, value as never)
  }
  stillWanted()
}

const kinds = ['sign-up', 'log-in', 'provider'] as const
type Kind = (typeof kinds)[number]

/**
 * One connect ceremony at a time: the same kind asked again (a second click)
 * joins the one waiting for the passkey; the other kind is refused until it
 * ends. `release()` lets go of the waiting one (a disconnect), so the next
 * connect prompts anew.
 */
function createConnectGate<result>() {
  const ceremonies = singleFlight<result, Kind>()
  return {
    enter(kind: Kind, start: () => Promise<result>): Promise<result> {
      const other = kinds.find(
        (running) => running !== kind && ceremonies.running(running),
      )
      if (other)
        throw new RequestRefusedError({
          details:
            other === 'provider'
              ? 'a sign-in with a provider is already under way'
              : `a ${other} is already waiting for the passkey`,
        })
      return ceremonies.run(start, kind)
    },
    release: ceremonies.forget,
  }
}

/**
 * The code that answers requests (a sign-up or log-in does not need it): it
 * loads with the first request, and is fetched by the time a signature needs
 * the passkey, so the prompt follows the user's tap with no download in
 * between (iOS drops the tap). A failed download (offline, a new deploy) is
 * tried again next time.
 */
function loadRequestCode<code>(load: () => Promise<code>) {
  const code = loadOnce(load)
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    get value() {
      return code.value
    },
    load: code.load,
    /** Fetches now, or at `signsSilentlyUntil` (unix seconds) while a session key signs everything. */
    fetchBeforePrompts(signsSilentlyUntil: number | undefined) {
      clearTimeout(timer)
      if (code.value) return
      const fetchCode = () => void code.load().catch(() => undefined)
      if (signsSilentlyUntil === undefined) return fetchCode()
      timer = setTimeout(fetchCode, signsSilentlyUntil * 1000 - Date.now())
      // Outside a browser (Node) the timer must not keep the process alive.
      if (typeof timer === 'object') timer.unref?.()
    },
    cancel() {
      clearTimeout(timer)
    },
  }
}

/**
 * What exporting needs: the frame, the raw client (no session fallback: an
 * export is always the passkey's) and the connected account.
 */
function createPasskeyExportAccess({
  frameUrl,
  frameTimeoutMs,
  client,
  passkeyStamper,
  connected,
  findWalletId,
}: {
  frameUrl: string
  frameTimeoutMs: number
  client: VendorClient
  passkeyStamper(credentialId?: string, signal?: AbortSignal): Stamper
  /** The connected account; its wallet id is looked up once when missing. */
  connected(): Connection | undefined
  findWalletId(organizationId: string, address: Address): Promise<string>
}): ExportAccess & { frameUrl: string; frameTimeoutMs: number } {
  return {
    frameUrl,
    frameTimeoutMs,
    vendor: client,
    passkeyStamper,
    async account() {
      const current = connected()
      if (!current) throw new SessionNotFoundError()
      const { organizationId, address } = current
      current.walletId ??= await findWalletId(organizationId, address)
      return { organizationId, address, walletId: current.walletId }
    },
  }
}

/**
 * A disconnect before the runtime loaded (right after a reload): the session
 * key the last visit left in IndexedDB is revoked at the vendor, as the
 * runtime's `forget` does, and kept as revoking until the vendor confirms.
 * With options too bad to reach the vendor, it is only kept as revoking, for
 * a load with good ones to try again. The shell fetches it with the runtime:
 * one download for everything after the first tap.
 */
export async function revokeStoredSessionKey(
  storeKey: string,
  parameters: PasskeyWalletParameters,
): Promise<void> {
  const stored = await sessionKeyStore.get(storeKey)
  // Anything else stored there (garbage) is dropped.
  if (!stored) return sessionKeyStore.delete(storeKey)
  let checked: ReturnType<typeof checkPasskeyWalletParameters>
  try {
    checked = checkPasskeyWalletParameters(parameters)
  } catch {
    return sessionKeyStore.markRevoking(storeKey, stored)
  }
  await revokeSessionKey(
    createVendorClient({
      baseUrl: checked.apiBaseUrl,
      timeoutMs: checked.vendorTimeoutMs,
    }),
    stored,
    storeKey,
  )
}
