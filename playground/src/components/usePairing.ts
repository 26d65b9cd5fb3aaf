import { useEffect, useState } from 'react'
import { type Connector, useConnectors } from 'wagmi'
import type { WalletConnectPairing } from 'wagmi-connector-pack/walletconnect'

type PairingConnector = Connector & {
  getPairing(): WalletConnectPairing | undefined
  prepare(): Promise<void>
}

/**
 * The walletConnectDeepLink connector and the newest pairing URI it showed
 * (its `display_uri` messages). A pairing that ended leaves it as it was:
 * show it only while wagmi is connecting.
 */
export function usePairing() {
  const connector = useConnectors().find(
    (c) => c.type === 'walletConnectDeepLink',
  ) as PairingConnector | undefined
  const [pairing, setPairing] = useState(() => connector?.getPairing())
  useEffect(() => {
    if (!connector) return
    const onMessage = ({ type }: { type: string }) => {
      if (type === 'display_uri') setPairing(connector.getPairing())
    }
    connector.emitter.on('message', onMessage)
    return () => connector.emitter.off('message', onMessage)
  }, [connector])
  return { connector, pairing, clear: () => setPairing(undefined) }
}
