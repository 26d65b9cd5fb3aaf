import { detectPlatform } from '../core/detectPlatform.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import { peerWalletLinks } from './peerWalletLinks.js'
import {
  chooseWalletLink,
  type DeepLinkPreference,
  preferredLink,
  toRequestLink,
} from './links.js'

type Session = {
  topic: string
  peer: { metadata: Parameters<typeof peerWalletLinks>[0] }
}

/**
 * On a phone, opens the wallet app for a request that needs its user, within
 * the user's tap (called before anything is awaited; iOS drops a link opened
 * later). The link is the chosen wallet's (registry or the host's
 * descriptor), else the paired wallet's own from its session metadata, of
 * the preferred kind: `<base>/wc?sessionTopic=…`.
 */
export function openWalletForRequest({
  session,
  wallet,
  preference,
  hostSchemes,
}: {
  session: Session | undefined
  wallet: WalletDescriptor | undefined
  preference: DeepLinkPreference
  hostSchemes: readonly string[]
}) {
  if (!session || !detectPlatform().isMobile) return
  const link =
    chooseWalletLink(wallet?.walletConnect, preference, hostSchemes) ??
    preferredLink(peerWalletLinks(session.peer.metadata), preference)
  if (!link) return
  const url = toRequestLink(link, session.topic)
  window.open(
    url,
    url.startsWith('https:') ? '_blank' : '_self',
    'noreferrer noopener',
  )
}
