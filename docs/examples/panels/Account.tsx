import { useConnection } from 'wagmi'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { ExportPanel, RecoveryPanel } from 'wagmi-connector-pack/react'
import { createAccount } from '../backend/calls'

export const passkey = passkeyWallet({
  organizationId: '<parent org>',
  session: { profileId: '<session profile>' },
  createAccount,
  // Your backend emails a code encrypted to `targetPublicKey`, with the parent API key:
  // type 'email' → email_auth, type 'passkey' → init_user_email_recovery (sub-org found by email).
  // Its fetch Response as it is: the pack checks the status and that it reads { accepted: true }.
  recovery: {
    start: (request) =>
      fetch('/api/start-recovery', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }),
  },
  // exportFrameUrl: 'https://export.turnkey.com' (default) or your own copy of the frame, see below
})

// Anywhere under <WagmiProvider>:
export function Account() {
  const { isConnected } = useConnection()
  return isConnected ? <ExportPanel /> : <RecoveryPanel />
}
