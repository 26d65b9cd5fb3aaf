import { type Connector, connect } from '@wagmi/core'
import {
  type WalletConnectDeepLinkProperties,
  walletConnectDeepLink,
} from 'wagmi-connector-pack/walletconnect'
import { config } from './config'

const button = document.getElementById('walletconnect')!

const connector = config.connectors.find(
  (c) => c.type === walletConnectDeepLink.type,
) as Connector & WalletConnectDeepLinkProperties

button.addEventListener('pointerenter', () => void connector.prepare())
connector.emitter.on('message', ({ type }) => {
  if (type !== 'display_uri') return
  const { deepLink } = connector.getPairing()! // with `wallet` set: scheme://wc?uri=…
  if (deepLink) window.open(deepLink, '_self')
})
button.addEventListener('click', () => connect(config, { connector }))
