import { useConnection } from 'wagmi'
import { BackendChoice } from './components/BackendChoice.js'
import { Balances } from './components/Balances.js'
import { BrowserWallets } from './components/BrowserWallets.js'
import { Connection } from './components/Connection.js'
import { PasskeySignUp } from './components/PasskeySignUp.js'
import { RecoveryAndExport } from './components/RecoveryAndExport.js'
import { SendEth } from './components/SendEth.js'
import { SendToken } from './components/SendToken.js'
import { SignMessage } from './components/SignMessage.js'
import { SignTypedData } from './components/SignTypedData.js'
import { SwitchChain } from './components/SwitchChain.js'
import { WalletConnectPairing } from './components/WalletConnectPairing.js'

export function App() {
  const { isConnected } = useConnection()
  return (
    <main>
      <h1>wagmi-connector-pack playground</h1>
      <BackendChoice />
      <Connection />
      <BrowserWallets />
      <PasskeySignUp />
      <WalletConnectPairing />
      {isConnected && (
        <>
          <Balances />
          <SwitchChain />
          <SignMessage />
          <SignTypedData />
          <SendEth />
          <SendToken />
        </>
      )}
      <RecoveryAndExport />
    </main>
  )
}
