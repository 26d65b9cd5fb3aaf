import { walletConnect } from 'wagmi-reference/walletConnect'
import { startHostApp } from './hostApp.js'

// The same host with wagmi's own walletConnect() (bench/fetchWagmiConnectors.ts).
startHostApp(({ relayUrl, metadata }) =>
  walletConnect({
    projectId: '00000000000000000000000000000000',
    relayUrl,
    metadata,
    showQrModal: false,
  }),
)
