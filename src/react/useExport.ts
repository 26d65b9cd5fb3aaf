import { useCallback } from 'react'
import { type Connector, useConnection } from 'wagmi'
import type { ExportFlow, ExportSnapshot } from '../export/createExportFlow.js'
import { useFlow } from './useFlow.js'
import { usePasskeyWalletConnector } from './usePasskeyWalletConnector.js'

/** Headless export: the connected passkeyWallet's export flow and its snapshot. */
export function useExport({ connector }: { connector?: Connector } = {}) {
  const passkeyWallet = usePasskeyWalletConnector(connector)
  const { status, connector: connected, address } = useConnection()
  const isConnected =
    status === 'connected' && connected?.uid === passkeyWallet?.uid
  const load = useCallback(() => passkeyWallet!.getExport(), [passkeyWallet])
  const { flow, snapshot, error } = useFlow<ExportSnapshot, ExportFlow>(
    passkeyWallet && isConnected ? load : undefined,
  )
  return {
    connector: passkeyWallet,
    isConnected,
    /** The account whose keys are exported, while connected. */
    address: isConnected ? address : undefined,
    flow,
    snapshot,
    loadError: error,
  }
}
