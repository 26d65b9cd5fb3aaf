import { useCallback } from 'react'
import type { Connector } from 'wagmi'
import type {
  RecoveryFlow,
  RecoverySnapshot,
} from '../recovery/createRecoveryFlow.js'
import { useCountdown } from './useCountdown.js'
import { useFlow } from './useFlow.js'
import { usePasskeyWalletConnector } from './usePasskeyWalletConnector.js'

/**
 * Headless recovery: the passkeyWallet's recovery flow, its snapshot and
 * the seconds left on the code and on the recovery session.
 */
export function useRecovery({ connector }: { connector?: Connector } = {}) {
  const passkeyWallet = usePasskeyWalletConnector(connector)
  const load = useCallback(() => passkeyWallet!.getRecovery(), [passkeyWallet])
  const { flow, snapshot, error } = useFlow<RecoverySnapshot, RecoveryFlow>(
    passkeyWallet ? load : undefined,
  )
  return {
    connector: passkeyWallet,
    flow,
    snapshot,
    /** Why the flow could not be loaded (e.g. recovery not configured). */
    loadError: error,
    codeSecondsLeft: useCountdown(snapshot?.codeExpiresAt),
    sessionSecondsLeft: useCountdown(snapshot?.sessionExpiresAt),
  }
}
