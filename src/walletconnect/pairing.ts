import type { ConnectorStorage } from '../core/createConnectorStorage.js'
import type { Supersession } from '../core/createSupersession.js'
import { clearSdkDeepLink } from './clearSdkDeepLink.js'
import { createPreparedProposal } from './createPreparedProposal.js'
import { endSessionsOtherThan, type SignClient } from './signClient.js'
import type { SignClientProvider } from './provider.js'
import { PairingAbortedError } from './errors.js'
import { maxPairingAttempts, pairWithRetries } from './pairWithRetries.js'
import { proposeSession, type SessionProposal } from './proposeSession.js'
import { toPairingLinks } from './links.js'
import type { WalletConnectPairing } from './walletConnectDeepLink.js'

export type CreatePairingParameters = {
  client: SignClient
  chainIds: readonly number[]
  /** The one handle to the SDK's sign client now. */
  currentProvider(): SignClientProvider
  /** Replaces it: the rejected pairing's client must no longer call us (SPEC §4). */
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
 * connect, shown to the user, and retried until the wallet approves (SPEC §5).
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
  let inFlight: Promise<void> | undefined

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
      inFlight ??= run(target).finally(() => {
        inFlight = undefined
        onScreen = undefined
      })
      return inFlight
    },
    /** Makes a proposal ahead of connect() (the host's prepare()); see createPreparedProposal. */
    prepare(): Promise<void> {
      if (currentProvider().session || inFlight) return Promise.resolve()
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
