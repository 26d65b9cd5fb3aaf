import { connect } from '@wagmi/core'
import {
  type PasskeyWalletConnector,
  passkeyWallet,
} from 'wagmi-connector-pack/passkey'
import { config } from './config'

const logInButton = document.getElementById('log-in')!

const passkey = config.connectors.find(
  (c) => c.type === passkeyWallet.type,
) as PasskeyWalletConnector

logInButton.addEventListener('pointerenter', () => void passkey.prepare())
logInButton.addEventListener('focus', () => void passkey.prepare())
logInButton.addEventListener('click', () =>
  connect(config, { connector: passkey }),
)
