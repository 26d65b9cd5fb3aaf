// app/account/page.tsx: a server component; the panels are client components ('use client').
import Link from 'next/link'
import { ExportPanel, RecoveryPanel } from 'wagmi-connector-pack/react'

export default function AccountPage() {
  return (
    <main>
      <Link href="/">Back to the wallet</Link>
      <RecoveryPanel />
      <ExportPanel />
    </main>
  )
}
