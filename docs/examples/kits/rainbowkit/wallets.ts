// wallets.ts: the pack's connectors as RainbowKit wallets. RainbowKit lists a Wallet by its id, name and
// icon, and creates its connector with `rkDetails` spread on it (connectorsForWallets).
import type { Wallet } from '@rainbow-me/rainbowkit'
import { createConnector } from 'wagmi'
import {
  injectedWallet,
  type WalletDescriptor,
} from 'wagmi-connector-pack/injected'
import {
  type PasskeyWalletParameters,
  passkeyWallet,
} from 'wagmi-connector-pack/passkey'
import {
  type WalletConnectDeepLinkParameters,
  type WalletConnectPairing,
  walletConnectDeepLink,
} from 'wagmi-connector-pack/walletconnect'

type Icon = Pick<Wallet, 'iconUrl' | 'iconBackground'>

// The Wallet's id is the connector's id: RainbowKit's copy of the connector takes the Wallet's id, and
// wagmi finds the connector to reconnect by the id it stored.
export const passkeyRainbowKitWallet =
  (parameters: PasskeyWalletParameters, icon: Icon) => (): Wallet => ({
    id: 'passkeyWallet',
    name: 'Passkey',
    ...icon,
    createConnector: ({ rkDetails }) =>
      createConnector((config) => ({
        ...passkeyWallet(parameters)(config),
        rkDetails,
      })),
  })

export const walletConnectRainbowKitWallet =
  (parameters: WalletConnectDeepLinkParameters, icon: Icon) => (): Wallet => {
    let pairing: (() => WalletConnectPairing | undefined) | undefined
    return {
      id: 'walletConnectDeepLink',
      name: 'WalletConnect',
      ...icon,
      // RainbowKit shows the provider's `display_uri` as its QR code on a computer, and opens a link
      // on a phone: the connector's own pairing link (the chosen wallet's `…/wc?uri=`), else the URI.
      qrCode: { getUri: (uri) => uri },
      mobile: { getUri: (uri) => pairing?.()?.deepLink ?? uri },
      createConnector: ({ rkDetails }) =>
        createConnector((config) => {
          const connector = walletConnectDeepLink(parameters)(config)
          pairing = connector.getPairing
          return { ...connector, rkDetails }
        }),
    }
  }

export const injectedRainbowKitWallet =
  (wallet: WalletDescriptor, icon: Icon) => (): Wallet => ({
    id: wallet.id,
    name: wallet.name,
    ...icon,
    // Left unset, RainbowKit calls connect() on a tap: on a phone without the wallet, that opens this
    // page in the wallet's own browser (RedirectedToWalletError says where).
    createConnector: ({ rkDetails }) =>
      createConnector((config) => ({
        ...injectedWallet({ wallet })(config),
        rkDetails,
      })),
  })
