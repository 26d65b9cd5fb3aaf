import { useSyncExternalStore } from 'react'
import { type Connector, useConnectors } from 'wagmi'
import type { PasskeyWalletConnector } from '../passkey/passkeyWallet.js'
import { noSubscription, useLoadOnMount } from './useLoadOnMount.js'

/*
 * What the headless hooks share: the passkeyWallet connector they work with,
 * and the flows it lends (recovery, export), followed as they change.
 */

/** The config's passkeyWallet connector (or the one given). */
export function usePasskeyWalletConnector(
  connector?: Connector | undefined,
): PasskeyWalletConnector | undefined {
  const connectors = useConnectors()
  const found = connector ?? connectors.find((c) => c.type === 'passkeyWallet')
  return found && 'getRecovery' in found
    ? (found as PasskeyWalletConnector)
    : undefined
}

type Flow<snapshot> = {
  getSnapshot(): snapshot
  subscribe(listener: () => void): () => void
}

/**
 * Loads a flow after mount (never during server rendering) and follows its
 * snapshot. `error` says why it could not load.
 */
export function usePasskeyWalletFlow<snapshot, flow extends Flow<snapshot>>(
  load: (() => Promise<flow>) | undefined,
) {
  const { value: flow, error } = useLoadOnMount(load)
  const snapshot = useSyncExternalStore(
    flow ? flow.subscribe : noSubscription,
    () => flow?.getSnapshot(),
    () => undefined,
  )
  return { flow, snapshot, error }
}
