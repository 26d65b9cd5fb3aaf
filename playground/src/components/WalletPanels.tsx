import { useConnection } from 'wagmi'
import { ExportPanel, RecoveryPanel } from 'wagmi-connector-pack/react'

/** The pack's panels as a host places them: recovery beside the connect dialog, export beside the account. */
export function WalletPanels() {
  const { status } = useConnection()
  return status === 'connected' ? (
    <ExportPanel className="panel" />
  ) : (
    <RecoveryPanel className="panel" />
  )
}
