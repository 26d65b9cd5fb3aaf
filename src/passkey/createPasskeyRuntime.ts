import type { Transport } from '@wagmi/core'
import {
  type Address,
  type Chain,
  type EIP1193Parameters,
  getAddress,
  isAddress,
  UnauthorizedProviderError,
} from 'viem'
import { configuredChain } from '../core/chains.js'
import { isUuid } from '../core/checks.js'
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
import {
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import { createPasskeyStamper } from '../turnkey/stampers.js'
import {
  AmbiguousPasskeyError,
  InvalidPasskeyWalletParameterError,
} from './errors.js'
import { getPasskeyAssertion } from './passkeyCeremonies.js'
import {
  checkPasskeyWalletParameters,
  type PasskeyWalletConnectParameters,
  type PasskeyWalletParameters,
} from './passkeyWalletParameters.js'
import {
  createSessionKeys,
  revokeSessionKey,
  sessionKeyStore,
} from './sessionKey.js'
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
}

type Session = {
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
}: PasskeyRuntimeParameters) {
  const checked = checkPasskeyWalletParameters(parameters)
  const { authProxy, backendTimeoutMs } = checked
  const rpId = () => parameters.rpId ?? location.hostname
  const anyPasskey = passkeyStamperFor(rpId)
  let session: Session | undefined
  /**
   * Within a connection, prompts ask for the passkey it was made with: a
   * device holding passkeys of two accounts offers no wrong one.
   */
  const passkeyStamper = (
    credentialId?: string,
    signal?: AbortSignal,
    onAssertion?: (credentialId: string) => void,
  ) => anyPasskey(credentialId ?? session?.credentialId, signal, onAssertion)
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
  const gate = createConnectGate<Session>()
  const emailVerification = loadEmailVerification({
    parameters,
    backendTimeoutMs,
    authProxy,
  })
  // Superseded by every disconnect: a ceremony that finishes afterwards connects nothing.
  const connections = createSupersession()
  /**
   * The account this device is connected to in wagmi's storage (read ahead,
   * so that no read comes between the user's tap and the prompt): a log-in
   * asks it first, which a stranger who registered the passkey's public
   * credential id on an account of his cannot confuse. Forgotten at disconnect.
   */
  let knownOrganization: Promise<string | undefined> = readStoredConnection(
    storage,
  ).then(
    (stored) => stored.session?.organizationId,
    () => undefined,
  )

  /** The connection from stored public data and the IndexedDB session key: no request, no prompt. */
  async function restore(): Promise<Session | undefined> {
    const signal = connections.current()
    const stored = await readStoredConnection(storage)
    if (stored.chainId) chainId = stored.chainId
    if (!stored.session) return undefined
    const key = await sessionKeys.readStored(stored.session.organizationId)
    return sessionKeys.resume(key, signal) ? stored.session : undefined
  }

  /** The user's Ethereum account (`address`'s, when given), asked with `credentialId`'s passkey when no session key signs. */
  const firstAccount = (
    organizationId: string,
    credentialId?: string,
    address?: Address,
  ) =>
    findEthereumAccount(vendor, stamper(credentialId), organizationId, address)

  const signUp = (
    signUpWith: NonNullable<PasskeyWalletConnectParameters['signUp']>,
    signal: AbortSignal,
  ) =>
    signUpWithPasskey(signUpWith, signal, {
      parameters,
      rpId: rpId(),
      backendTimeoutMs,
      authProxy,
      emailProof: emailVerification.proofFor,
      spendEmailProof: emailVerification.clear,
      startSession: sessionKeys.start,
      findAccount: firstAccount,
      logIn,
    })

  /**
   * A log-in: the passkey (`credentialId`'s when given) finds the user's
   * organization, in one prompt that also opens the session when sessions
   * are on; then the account.
   */
  async function logIn(signal: AbortSignal, credentialId?: string) {
    const { start } = sessionKeys
    let chosen = credentialId
    const choose = (id: string) => {
      chosen = id
    }
    const logInTo = (organizationId: string) =>
      start
        ? start(organizationId, signal, credentialId, choose)
        : whoseOrganization(
            vendor,
            organizationId,
            passkeyStamper(credentialId, signal, choose),
          )
    const known = await knownOrganization
    const organizationId = await (known
      ? // The passkey of another account: the parent finds which (one more prompt).
        logInTo(known).catch((error: unknown) => {
          if (
            error instanceof VendorRequestError &&
            /could not be found in organization/i.test(error.vendorMessage)
          )
            return logInTo(parameters.organizationId)
          throw error
        })
      : logInTo(parameters.organizationId)
    ).catch((error: unknown) => {
      // The credential id is public: a stranger may have put it on an account of his.
      if (
        error instanceof VendorRequestError &&
        /more than one suborg associated with a credential id/i.test(
          error.vendorMessage,
        )
      )
        throw new AmbiguousPasskeyError({ cause: error })
      throw error
    })
    return {
      organizationId,
      credentialId: chosen,
      ...(await firstAccount(organizationId, chosen)),
    }
  }

  async function switchChain(id: number) {
    const chain = configuredChain(chains, id)
    chainId = id
    await storage.set('chainId', id)
    onChainChanged(id)
    emit('chainChanged', `0x${id.toString(16)}`)
    return chain
  }

  const provider = loadRequestCode(() =>
    import('./passkeyProvider.js').then(({ createSessionProvider }) =>
      createSessionProvider({
        session: () => session,
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
  const ceremony = async (
    signUpWith: PasskeyWalletConnectParameters['signUp'],
  ) =>
    gate.enter(signUpWith ? 'sign-up' : 'log-in', () =>
      signUpWith
        ? signUp(signUpWith, connections.current())
        : logIn(connections.current()),
    )

  return {
    async request(args: EIP1193Parameters) {
      const asked = { signal: connections.current(), address: session?.address }
      const loaded = await provider.load()
      // A disconnect (or a restore of another account) while the code loaded ends the request, as
      // it ends those waiting their turn: a transaction without `from` would otherwise go out for
      // whoever connected since.
      if (
        asked.signal.aborted ||
        (asked.address && session?.address !== asked.address)
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
    accounts: () => (session ? [session.address] : []),
    async connect({
      chainId: requestedChainId,
      isReconnecting,
      signUp: signUpWith,
    }: PasskeyWalletConnectParameters) {
      refuseBeforePrompt({
        signUpWith,
        requestedChainId,
        chains,
        emailProof: emailVerification.proofFor,
      })
      const signal = connections.current()
      // A disconnect may come during any await: nothing is kept or stored after it.
      const stillWanted = () => {
        if (signal.aborted)
          throw new SessionNotFoundError({ reason: 'abandoned' })
      }
      const next = await (isReconnecting ? restore() : ceremony(signUpWith))
        // A prompt the disconnect closed fails as what it is: a connection left.
        .catch((error: unknown) => {
          stillWanted()
          throw error
        })
      stillWanted()
      if (!next) throw new SessionNotFoundError()
      if (requestedChainId !== undefined) chainId = requestedChainId
      session = next
      knownOrganization = Promise.resolve(next.organizationId)
      await storeConnection(storage, { ...next, chainId }, stillWanted)
      provider.fetchBeforePrompts(sessionKeys.silentUntil)
      emit('connect', { chainId: `0x${chainId.toString(16)}` })
      emit('accountsChanged', [next.address])
      return { address: next.address, chainId }
    },
    /** What exporting needs: the raw client (no session fallback) and the passkey. */
    exportAccess: () =>
      createPasskeyExportAccess({
        frameUrl: checked.exportFrameUrl,
        frameTimeoutMs: checked.frameTimeoutMs,
        client,
        passkeyStamper,
        connected: () => session,
        findWalletId: async (organizationId, address) =>
          (await firstAccount(organizationId, undefined, address)).walletId,
      }),
    /**
     * Forgets the connection in memory at once (the shell clears wagmi's
     * storage), then revokes the session key at the vendor: the promise ends
     * when the vendor deleted it, or after a deadline when it did not answer.
     */
    forget(): Promise<void> {
      provider.cancel()
      connections.supersede()
      // The next connect prompts anew: it must not join the ceremony the user left.
      gate.release()
      emailVerification.clear()
      session = undefined
      knownOrganization = Promise.resolve(undefined)
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
  requestedChainId,
  chains,
  emailProof,
}: {
  signUpWith: PasskeyWalletConnectParameters['signUp']
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
    session:
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
  { address, organizationId, chainId }: Session & { chainId: number },
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

type Kind = 'sign-up' | 'log-in'

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
      const other = kind === 'sign-up' ? 'log-in' : 'sign-up'
      if (ceremonies.running(other))
        throw new RequestRefusedError({
          details: `a ${other} is already waiting for the passkey`,
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
  connected(): Session | undefined
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
 * The user's Ethereum account (the one every sign-up makes), or the one at
 * `address`: its checksummed address and its wallet's id.
 */
/**
 * The organization the stamper's user logs in to (`whoami`), checked as the
 * server checks the vendor: the page stores it.
 */
export async function whoseOrganization(
  vendor: VendorClient,
  organizationId: string,
  stamper: Stamper,
) {
  const answer = await vendor.query<{ organizationId?: unknown } | null>(
    'whoami',
    { organizationId },
    stamper,
  )
  const id = answer?.organizationId
  if (typeof id !== 'string' || !isUuid(id))
    throw unexpectedVendorAnswer('whoami returned no organizationId UUID')
  return id
}

/**
 * The account's Ethereum address (`address`'s, when given) and its wallet,
 * from `list_wallet_accounts`, checked: the page stores them.
 */
export async function findEthereumAccount(
  vendor: VendorClient,
  stamper: Stamper,
  organizationId: string,
  address?: Address,
) {
  const answer = await vendor.query<{ accounts?: unknown } | null>(
    'list_wallet_accounts',
    { organizationId },
    stamper,
  )
  if (!Array.isArray(answer?.accounts))
    throw unexpectedVendorAnswer('list_wallet_accounts returned no accounts')
  const ethereum = (
    answer.accounts as {
      address?: unknown
      addressFormat?: unknown
      walletId?: unknown
    }[]
  ).flatMap((account) =>
    account?.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' &&
    typeof account.address === 'string' &&
    isAddress(account.address, { strict: false }) &&
    typeof account.walletId === 'string' &&
    account.walletId !== ''
      ? [{ address: getAddress(account.address), walletId: account.walletId }]
      : [],
  )
  const found = address
    ? ethereum.find((account) => account.address === address)
    : ethereum[0]
  if (!found)
    throw new SessionNotFoundError({
      cause: new Error('The account has no Ethereum wallet.'),
    })
  return found
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
