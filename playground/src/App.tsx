import { useState } from 'react'
import { useConnection } from 'wagmi'
import { AccountCard } from './components/AccountCard.js'
import { AddPasskey } from './components/AddPasskey.js'
import { Balances } from './components/Balances.js'
import { ConnectDialog } from './components/ConnectDialog.js'
import { Header } from './components/Header.js'
import { SandboxDrawer } from './components/SandboxDrawer.js'
import { SendCalls } from './components/SendCalls.js'
import { SendEth } from './components/SendEth.js'
import { SendToken } from './components/SendToken.js'
import { SignInMethods } from './components/SignInMethods.js'
import { SignMessage } from './components/SignMessage.js'
import { SignTypedData } from './components/SignTypedData.js'
import { SwitchChain } from './components/SwitchChain.js'
import { WalletPanels } from './components/WalletPanels.js'

export function App() {
  const { isConnected, status } = useConnection()
  const [sandboxOpen, setSandboxOpen] = useState(false)
  return (
    <>
      <Header
        sandboxOpen={sandboxOpen}
        onSandboxToggle={() => setSandboxOpen((open) => !open)}
      />
      <main>
        {isConnected ? (
          <>
            <div className="column">
              <AccountCard />
              <AddPasskey />
              <SignInMethods />
              <Balances />
              <SwitchChain />
            </div>
            <div className="column">
              <SignMessage />
              <SignTypedData />
              <SendEth />
              <SendToken />
              <SendCalls />
            </div>
          </>
        ) : status === 'reconnecting' ? (
          <p className="card hint">Restoring your session…</p>
        ) : (
          <ConnectDialog />
        )}
        <div className="column">
          <WalletPanels />
        </div>
      </main>
      <SandboxDrawer
        open={sandboxOpen}
        onClose={() => {
          setSandboxOpen(false)
          // Back to where the keyboard opened it.
          document.getElementById('sandbox-toggle')?.focus()
        }}
      />
    </>
  )
}
