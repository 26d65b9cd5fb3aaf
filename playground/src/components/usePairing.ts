import { useEffect, useState } from 'react'
import { type Connector, useConnectors } from 'wagmi'
import type { WalletConnectPairing } from 'wagmi-connector-pack/walletconnect'

type PairingConnector = Connector & {
  getPairing(): WalletConnectPairing | undefined
  prepare(): Promise<void>
}

/** The walletConnectDeepLink connector and its pairing in progress, from its `display_uri` messages. */
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
    // A pairing ends with a connection, an error or a cancel: each is a change or a disconnect.
    const onEnd = () => setPairing(undefined)
    connector.emitter.on('message', onMessage)
    connector.emitter.on('connect', onEnd)
    connector.emitter.on('disconnect', onEnd)
    return () => {
      connector.emitter.off('message', onMessage)
      connector.emitter.off('connect', onEnd)
      connector.emitter.off('disconnect', onEnd)
    }
  }, [connector])
  return { connector, pairing, clear: () => setPairing(undefined) }
}
