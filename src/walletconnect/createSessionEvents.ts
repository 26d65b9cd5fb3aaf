import type { CreateConnectorFn } from '@wagmi/core'
import { SessionEndedError } from '../core/connectionErrors.js'
import type { SerialQueue } from '../core/lifecycle.js'
import type { ConnectorStorage } from '../core/storage.js'
import { toAddresses } from '../core/walletAnswers.js'
import { clearSdkDeepLink } from './clearSdkDeepLink.js'

export type CreateSessionEventsParameters = {
  emitter: Parameters<CreateConnectorFn>[0]['emitter']
  storage: ConnectorStorage<'sessionTopic'>
  chainIds: readonly number[]
  /** The requests before the wallet: an ended session fails them. */
  toWallet: SerialQueue
}

/**
 * The SDK's session events, passed on to wagmi and storage. They count once
 * wagmi knows the session: while pairing, or after a disconnect, they must not
 * write entries (connect() stores them).
 */
export type SessionEvents = ReturnType<typeof createSessionEvents>

export function createSessionEvents({
  emitter,
  storage,
  chainIds,
  toWallet,
}: CreateSessionEventsParameters) {
  /** The session's topic once wagmi was told of it; cleared when its end is reported. */
  let reportedTopic: string | undefined

  const events = {
    /** wagmi is told of the session `topic`: its events count from now. */
    report(topic: string) {
      reportedTopic = topic
    },
    /** A disconnect came while `topic` was being stored: its events no longer count. */
    withdraw(topic: string) {
      if (reportedTopic === topic) reportedTopic = undefined
    },
    /** The user disconnected: nothing more is reported. */
    forget() {
      reportedTopic = undefined
    },
    onAccountsChanged(accounts: string[]) {
      if (!reportedTopic) return
      if (accounts.length === 0) {
        void events.onDisconnect()
        return
      }
      const addresses = toAddresses(accounts)
      if (addresses.length === 0) return
      void storage.set('activeAccount', addresses[0]!).catch(() => undefined)
      emitter.emit('change', { accounts: addresses })
    },
    onChainChanged(chain: string | number) {
      if (!reportedTopic) return
      const chainId = Number(chain)
      if (chainIds.includes(chainId))
        void storage.set('chainId', chainId).catch(() => undefined)
      emitter.emit('change', { chainId })
    },
    async onDisconnect() {
      if (!reportedTopic) return
      reportedTopic = undefined
      toWallet.clear(new SessionEndedError())
      clearSdkDeepLink()
      await storage.clear()
      emitter.emit('disconnect')
    },
  }
  return events
}
