import { type Connector, useConnectors } from 'wagmi'
import type { ExportFlow } from '../export/createExportFlow.js'
import type { RecoveryFlow } from '../recovery/createRecoveryFlow.js'

export type PasskeyWalletConnector = Connector & {
  prepare(): Promise<void>
  getRecovery(): Promise<RecoveryFlow>
  getExport(): Promise<ExportFlow>
  sendEmailCode(email: string): Promise<{ email: string }>
  confirmEmailCode(code: string): Promise<{ email: string }>
}

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
