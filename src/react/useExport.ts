import { useCallback } from 'react'
import type { Address } from 'viem'
import { type Connector, useAccount } from 'wagmi'
import type { ExportFlow, ExportSnapshot } from '../export/exportFlow.js'
import type { PasskeyWalletConnector } from '../passkey/passkeyWallet.js'
import {
  usePasskeyWalletConnector,
  usePasskeyWalletFlow,
} from './usePasskeyWallet.js'

export type UseExportParameters = {
  /** The passkeyWallet connector; the config's by default. */
  connector?: Connector | undefined
}

export type UseExportReturnType = {
  /** The passkeyWallet connector, if the config (or `connector`) has one. */
  connector: PasskeyWalletConnector | undefined
  /** Whether that connector is the connected one: the flow loads only then. */
  isConnected: boolean
  /** The account whose keys are exported, while connected. */
  address: Address | undefined
  /** The export flow, once loaded (after mount, while connected). */
  flow: ExportFlow | undefined
  snapshot: ExportSnapshot | undefined
  /** Why the flow could not be loaded. */
  loadError: Error | undefined
}

/** Headless export: the connected passkeyWallet's export flow and its snapshot. */
export function useExport({
  connector,
}: UseExportParameters = {}): UseExportReturnType {
  const passkeyWallet = usePasskeyWalletConnector(connector)
  // useAccount is in both wagmi majors (3 keeps it as useConnection's alias).
  const { status, connector: connected, address } = useAccount()
  const isConnected =
    status === 'connected' && connected?.uid === passkeyWallet?.uid
  const load = useCallback(() => passkeyWallet!.getExport(), [passkeyWallet])
  const { flow, snapshot, error } = usePasskeyWalletFlow<
    ExportSnapshot,
    ExportFlow
  >(passkeyWallet && isConnected ? load : undefined)
  return {
    connector: passkeyWallet,
    isConnected,
    address: isConnected ? address : undefined,
    flow,
    snapshot,
    loadError: error,
  }
}
