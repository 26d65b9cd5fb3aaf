import {
  ConnectionRejectedError,
  userRejection,
} from '../core/connectionErrors.js'
import {
  createSupersession,
  type Supersession,
  singleFlight,
} from '../core/lifecycle.js'
import type { ConnectorStorage } from '../core/storage.js'
import {
  PairingAbortedError,
  PairingAttemptsExhaustedError,
  PairingResetError,
} from './errors.js'
import { toPairingLinks } from './links.js'
import { clearSdkDeepLink } from './openWallet.js'
import { endSessionsOtherThan, type SignClient } from './signClient.js'
import type { WalletConnectPairing } from './walletConnectParameters.js'
import type { SignClientProvider } from './walletConnectProvider.js'

// Pairing: a session proposal, its URI shown as a QR code and a deep link,
// made ahead of connect() when the host asks (prepare()), renewed when it
// expires, and retried until the wallet approves (docs/walletconnect.md,
// Pairing, and prepare(): a URI ready on the tap).

/** Automatic attempts of one pairing, renewals of a prepared proposal included. */
const maxPairingAttempts = 10

export type CreatePairingParameters = {
  client: SignClient
  chainIds: readonly number[]
  /** The one handle to the SDK's sign client now. */
  currentProvider(): SignClientProvider
  /** Replaces it: a rejected pairing's handle must no longer call us. */
  restartProvider(): void
  /** Superseded by disconnect(): it ends the pairing in flight at once. */
  connections: Supersession
  endQuietly(provider: SignClientProvider): Promise<void>
  storage: ConnectorStorage<'sessionTopic'>
  /** How the pairing's links are made: the wallet, native or universal, the host's schemes. */
  links: Parameters<typeof toPairingLinks>[1]
  /** Tells the host of a new pairing URI (wagmi's `display_uri`). */
  announce(uri: string): void
}

/**
 * The pairing a connect() waits for: a proposal made ahead (prepare()) or on
 * connect, shown to the user, and retried until the wallet approves.
 * A second connect() joins the one in flight.
 */
export function createPairing({
  client,
  chainIds,
  currentProvider,
  restartProvider,
  connections,
  endQuietly,
  storage,
  links,
  announce,
}: CreatePairingParameters) {
  /** The pairing URI on screen (getPairing()). */
  let onScreen: WalletConnectPairing | undefined
  const pairing = singleFlight<void>()

  const prepared = createPreparedProposal({
    propose: (attempt) =>
      proposeSession(currentProvider(), { chainIds, attempt }),
    maxAttempts: maxPairingAttempts,
  })

  function show(proposal: SessionProposal) {
    onScreen = {
      uri: proposal.uri,
      ...toPairingLinks(proposal.uri, links),
      attempt: proposal.attempt,
      expiresAt: proposal.expiresAt,
    }
    announce(proposal.uri)
  }

  /** A stale session, or one a disconnect could not end at the wallet. */
  function hasStaleSession() {
    return (
      currentProvider().session !== undefined ||
      client.session.getAll().length > 0
    )
  }

  /** Ends the stale sessions, and with them every pending pairing of the SDK's: gone from the wallet's view, and from ours. */
  async function endStaleSessions() {
    await endQuietly(currentProvider())
    await endSessionsOtherThan(client, undefined)
    await storage.clear()
  }

  /**
   * Pairs until the wallet approves. Before its first await it shows the URI
   * prepare() made, so that the caller's tap can open the wallet with it.
   */
  async function run(target: number) {
    const signal = connections.current()
    let endPairing = () => {}
    const aborted = new Promise<never>((_, reject) => {
      endPairing = () => reject(new PairingAbortedError())
      signal.addEventListener('abort', endPairing, { once: true })
    })
    aborted.catch(() => undefined)
    clearSdkDeepLink()
    const stale = hasStaleSession()
    if (stale) prepared.discard()
    const taken = stale ? undefined : prepared.take()
    let proposal = taken instanceof Promise ? undefined : taken
    if (proposal) show(proposal)
    try {
      if (stale) await endStaleSessions()
      if (taken instanceof Promise) {
        proposal = await taken
        if (proposal) show(proposal)
      }
      await pairWithRetries({
        firstAttempt: proposal?.attempt,
        async pairOnce(attempt) {
          const current =
            proposal ??
            (await proposeSession(currentProvider(), {
              chainIds,
              target,
              attempt,
            }))
          if (current !== proposal) show(current)
          proposal = undefined
          // Approved after the host gave up: end that session instead of keeping it.
          const approvedOn = currentProvider()
          current.approved.then(
            () => {
              if (signal.aborted) void endQuietly(approvedOn)
            },
            () => undefined,
          )
          await Promise.race([current.approved, aborted])
        },
        async reinitialise() {
          prepared.discard()
          restartProvider()
        },
        aborted: () => signal.aborted,
      })
    } finally {
      signal.removeEventListener('abort', endPairing)
    }
  }

  return {
    /** Pairs with the wallet, the session proposed on chain `target` first. */
    pair(target: number) {
      return pairing.run(() =>
        run(target).finally(() => {
          onScreen = undefined
        }),
      )
    },
    /** Makes a proposal ahead of connect() (the host's prepare()); see createPreparedProposal. */
    prepare(): Promise<void> {
      if (currentProvider().session || pairing.running())
        return Promise.resolve()
      return prepared.prepare()
    },
    onScreen: () => onScreen,
    /** On disconnect: no prepared proposal and no URI on screen remain. */
    discard() {
      prepared.discard()
      onScreen = undefined
    },
  }
}

/** A pairing URI the wallet can answer, and what became of it. */
export type SessionProposal = {
  /** The `wc:` URI: the QR payload, and what a deep link carries. */
  uri: string
  /** 1 for a pairing's first URI; each renewal is the next (at most maxPairingAttempts). */
  attempt: number
  /** Unix ms after which the wallet can no longer approve it. */
  expiresAt: number
  /** Resolves once the wallet approved (the provider then holds the session); rejects when it declined or the proposal expired. */
  approved: Promise<void>
}

// The SDK's proposal and pairing lifetime (sign-client: wc_sessionPropose ttl).
const proposalLifetimeMs = 5 * 60_000

/** When the URI's pairing expires (its `expiryTimestamp`, in s), never later than the SDK's lifetime from `madeAt`. */
function expiryOf(uri: string, madeAt: number) {
  const latest = madeAt + proposalLifetimeMs
  const stated = Number(/[?&]expiryTimestamp=(\d+)/.exec(uri)?.[1]) * 1000
  return Number.isFinite(stated) && stated > 0
    ? Math.min(stated, latest)
    : latest
}

/**
 * Proposes a session on the SDK's provider, asking for every configured
 * chain (`target` first) with the SDK's default methods and events, which
 * include the required ones (findMissingRequirements checks the answer). Resolves once the relay holds the proposal and the SDK gave its
 * URI (`display_uri`); a failure before that (the relay unreachable) rejects.
 */
async function proposeSession(
  provider: SignClientProvider,
  {
    chainIds,
    target = chainIds[0],
    attempt,
    now = Date.now,
  }: {
    chainIds: readonly number[]
    target?: number | undefined
    attempt: number
    now?: (() => number) | undefined
  },
): Promise<SessionProposal> {
  const madeAt = now()
  let onUri: (uri: string) => void = () => undefined
  const uri = new Promise<string>((resolve) => {
    onUri = resolve
  })
  provider.on('display_uri', onUri)
  try {
    // Every chain optional, none required: `chains` + `optionalChains` merge by
    // index and lose chains; the SDK proposes required namespaces as optional anyway.
    const ordered = [
      ...new Set([target, ...chainIds].filter((id) => id !== undefined)),
    ]
    const approved = provider.connect({ optionalChains: ordered })
    // Whoever takes the proposal awaits `approved`; one abandoned must not reject unheard.
    approved.catch(() => undefined)
    const shown = await Promise.race([
      uri,
      // Approved before any URI was shown: the SDK's state is not this pairing's. Start again.
      approved.then(() => {
        throw new PairingResetError({
          cause: new Error(
            'the wallet approved a proposal whose URI was not out',
          ),
        })
      }),
    ])
    return {
      uri: shown,
      attempt,
      expiresAt: expiryOf(shown, madeAt),
      approved,
    }
  } finally {
    provider.removeListener('display_uri', onUri)
  }
}

const reinitialiseWaitMs = 1000

const expired = /(proposal|pairing|request) expired/i
const rejected = /user rejected|rejected by (the )?user/i
const reset = /connection request reset/i

export type PairWithRetriesParameters<result> = {
  /** One pairing: a fresh URI is shown, resolves once the wallet approved. */
  pairOnce(attempt: number): Promise<result>
  /** The attempt to start from: a prepared proposal's renewals count too. */
  firstAttempt?: number | undefined
  /** After a rejection the provider is built anew: the rejected pairing's handle is dropped. */
  reinitialise(): Promise<void>
  /** True once the host gave up (disconnect during pairing). */
  aborted(): boolean
  wait?: ((ms: number) => Promise<void>) | undefined
}

/**
 * Pairs, renewing an expired proposal with a fresh URI up to attempt 10. A
 * rejection re-initialises the provider, waits 1000 ms and fails with viem's
 * UserRejectedRequestError (4001) reading 'Connection rejected. Please try
 * again.', whose cause is ConnectionRejectedError (`connection_rejected`).
 */
export async function pairWithRetries<result>({
  pairOnce,
  firstAttempt = 1,
  reinitialise,
  aborted,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: PairWithRetriesParameters<result>): Promise<result> {
  for (let attempt = firstAttempt; ; attempt++) {
    try {
      const paired = await pairOnce(attempt)
      if (aborted()) throw new PairingAbortedError()
      return paired
    } catch (error) {
      if (aborted() || error instanceof PairingAbortedError)
        throw new PairingAbortedError()
      const message = String((error as Error)?.message ?? error)
      if (expired.test(message)) {
        if (attempt >= maxPairingAttempts)
          throw new PairingAttemptsExhaustedError({ attempts: attempt })
        continue
      }
      if (error instanceof PairingResetError) throw error
      if (reset.test(message)) throw new PairingResetError({ cause: error })
      if (rejected.test(message)) {
        await reinitialise()
        await wait(reinitialiseWaitMs)
        throw userRejection(new ConnectionRejectedError({ cause: error }))
      }
      throw error
    }
  }
}

/** Whether the page is hidden, and a way to hear when that changes. */
export type PageVisibility = {
  isHidden(): boolean
  /** Calls `listener` on every change; returns the function that stops it. */
  onChange(listener: () => void): () => void
}

const documentVisibility: PageVisibility = {
  isHidden: () =>
    typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onChange(listener) {
    if (typeof document === 'undefined') return () => undefined
    document.addEventListener('visibilitychange', listener)
    return () => document.removeEventListener('visibilitychange', listener)
  },
}

export type CreatePreparedProposalParameters = {
  /** Makes attempt `attempt` of the pairing: a proposal, once its URI exists. */
  propose(attempt: number): Promise<SessionProposal>
  /** Automatic attempts of one pairing, renewals included. */
  maxAttempts: number
  /** How long before its expiry a proposal is replaced. */
  renewAheadMs?: number | undefined
  /** A proposal with less time left is not handed to connect(). */
  usableForMs?: number | undefined
  visibility?: PageVisibility | undefined
  now?: (() => number) | undefined
}

/**
 * A session proposal made before the user asked (`connector.prepare()`), so
 * that connect() has its URI at once. It is kept fresh: `renewAheadMs` before
 * it expires, the next attempt replaces it, until attempt `maxAttempts`,
 * which is left to lapse (connect() then starts a new pairing). Renewal stops
 * while the page is hidden and resumes when it is shown again (at once if a
 * renewal fell due meanwhile). connect() takes the proposal over with `take()` and
 * carries on counting attempts from it. Nothing here rejects: a proposal that could
 * not be made is forgotten, and connect() makes its own.
 */
export function createPreparedProposal({
  propose,
  maxAttempts,
  renewAheadMs = 60_000,
  usableForMs = 30_000,
  visibility = documentVisibility,
  now = Date.now,
}: CreatePreparedProposalParameters) {
  // At most one of these two is set.
  /** The proposal with a URI, kept until taken, renewed or lapsed. */
  let ready: SessionProposal | undefined
  /** The next one, its URI on the way (the first, or a renewal). */
  let making: Promise<SessionProposal | undefined> | undefined
  let renewalTimer: ReturnType<typeof setTimeout> | undefined
  let stopWatchingPage: (() => void) | undefined
  // Superseded when the proposals are taken or discarded: one still being made then is not ours.
  const proposals = createSupersession()

  function stop() {
    clearTimeout(renewalTimer)
    renewalTimer = undefined
    stopWatchingPage?.()
    stopWatchingPage = undefined
  }

  function forget() {
    proposals.supersede()
    stop()
    ready = undefined
    making = undefined
  }

  function make(attempt: number) {
    const signal = proposals.current()
    const next = propose(attempt).then(
      (proposal) => proposal,
      () => undefined,
    )
    making = next
    void next.then((proposal) => {
      if (signal.aborted) return
      making = undefined
      if (!proposal) return forget()
      ready = proposal
      scheduleRenewal()
    })
    return next
  }

  function scheduleRenewal() {
    clearTimeout(renewalTimer)
    renewalTimer = undefined
    const proposal = ready
    if (!proposal || visibility.isHidden()) return
    const due = proposal.expiresAt - renewAheadMs - now()
    renewalTimer = setTimeout(() => renew(proposal), Math.max(0, due))
  }

  function renew(proposal: SessionProposal) {
    if (ready !== proposal || visibility.isHidden()) return
    if (proposal.attempt >= maxAttempts) {
      // No automatic attempt left: it lapses, and connect() starts afresh.
      renewalTimer = setTimeout(
        () => {
          if (ready === proposal) forget()
        },
        Math.max(0, proposal.expiresAt - now()),
      )
      return
    }
    // Making the next one unsubscribes the SDK from this one's pairing
    // (UniversalProvider.connect cleans up pending pairings): from now on a
    // wallet's answer to it would go unheard, so it is no longer handed out.
    ready = undefined
    void make(proposal.attempt + 1)
  }

  function onVisibilityChange() {
    if (visibility.isHidden()) {
      clearTimeout(renewalTimer)
      renewalTimer = undefined
    } else scheduleRenewal()
  }

  return {
    /** Makes the first proposal unless one is kept; resolves once a URI exists (or none could be made). */
    prepare(): Promise<void> {
      if (ready) return Promise.resolve()
      if (making) return making.then(() => undefined)
      stopWatchingPage ??= visibility.onChange(onVisibilityChange)
      return make(1).then(() => undefined)
    },
    /**
     * Hands the pairing over to connect(), which keeps counting its attempts:
     * the kept proposal if it has time left (synchronously, so its URI can be
     * shown inside the user's tap), else the one whose URI is on the way, else
     * nothing. Renewal stops either way.
     */
    take(): SessionProposal | Promise<SessionProposal | undefined> | undefined {
      const proposal = ready
      const next = making
      forget()
      if (proposal && proposal.expiresAt - now() > usableForMs) return proposal
      return next
    },
    /** Forgets every proposal (disconnect, a new provider). */
    discard: forget,
  }
}
