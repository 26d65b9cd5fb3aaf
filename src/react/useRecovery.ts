import { useCallback } from 'react'
import type { Connector } from 'wagmi'
import type { PasskeyWalletConnector } from '../passkey/passkeyWallet.js'
import type {
  RecoveryFlow,
  RecoverySnapshot,
} from '../recovery/recoveryFlow.js'
import { useCountdown } from './useCountdown.js'
import {
  usePasskeyWalletConnector,
  usePasskeyWalletFlow,
} from './usePasskeyWallet.js'

export type UseRecoveryParameters = {
  /** The passkeyWallet connector; the config's by default. */
  connector?: Connector | undefined
}

export type UseRecoveryReturnType = {
  /** The passkeyWallet connector, if the config (or `connector`) has one. */
  connector: PasskeyWalletConnector | undefined
  /** The recovery flow, once loaded (after mount, never during server rendering). */
  flow: RecoveryFlow | undefined
  snapshot: RecoverySnapshot | undefined
  /** Why the flow could not be loaded (e.g. recovery not configured). */
  loadError: Error | undefined
  /** Seconds left on the emailed code, while one is known to expire. */
  codeSecondsLeft: number | undefined
  /** Seconds left on the recovery session, while one is open. */
  sessionSecondsLeft: number | undefined
}

/**
 * Headless recovery: the passkeyWallet's recovery flow, its snapshot and
 * the seconds left on the code and on the recovery session.
 */
export function useRecovery({
  connector,
}: UseRecoveryParameters = {}): UseRecoveryReturnType {
  const passkeyWallet = usePasskeyWalletConnector(connector)
  const load = useCallback(() => passkeyWallet!.getRecovery(), [passkeyWallet])
  const { flow, snapshot, error } = usePasskeyWalletFlow<
    RecoverySnapshot,
    RecoveryFlow
  >(passkeyWallet ? load : undefined)
  return {
    connector: passkeyWallet,
    flow,
    snapshot,
    loadError: error,
    codeSecondsLeft: useCountdown(snapshot?.codeExpiresAt),
    sessionSecondsLeft: useCountdown(snapshot?.sessionExpiresAt),
  }
}
