import { useConnection } from 'wagmi'
import { ExportPanel, RecoveryPanel } from 'wagmi-connector-pack/react'
import { SandboxInbox } from './SandboxInbox.js'

/** The package's panels as a host would place them, with the sandbox inbox beside them. */
export function RecoveryAndExport() {
  const { status } = useConnection()
  return (
    <section aria-labelledby="recovery-export-title">
      <h2 id="recovery-export-title">Recovery &amp; export</h2>
      {status === 'connected' ? <ExportPanel /> : <RecoveryPanel />}
      <SandboxInbox />
    </section>
  )
}
