import { type Connector, useConnectors } from 'wagmi'
import type { PasskeyWalletConnector } from '../passkey/passkeyWallet.js'

/** The config's passkeyWallet connector (or the one given). */
export function usePasskeyWalletConnector(
  connector?: Connector | undefined,
): PasskeyWalletConnector | undefined {
  const connectors = useConnectors()
  const found = connector ?? connectors.find((c) => c.type === 'passkeyWallet')
  return found && 'getRecovery' in found
    ? (found as PasskeyWalletConnector)
    : undefined
}
