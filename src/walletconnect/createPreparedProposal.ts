import { createSupersession } from '../core/lifecycle.js'
import type { SessionProposal } from './proposeSession.js'

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
  /** SPEC §5: automatic attempts of one pairing, renewals included. */
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
