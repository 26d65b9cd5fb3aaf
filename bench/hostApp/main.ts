import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'
import { startHostApp } from './hostApp.js'

startHostApp(({ relayUrl, metadata, wallet }) =>
  walletConnectDeepLink({
    projectId: '00000000000000000000000000000000',
    relayUrl,
    metadata,
    wallet,
  }),
)
