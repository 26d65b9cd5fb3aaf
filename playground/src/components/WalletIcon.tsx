import type { Connector } from 'wagmi'

/** The pack's own wallets draw no icon: the playground gives them one, as a host would. */
const drawn: Record<string, { background: string; path: string }> = {
  passkeyWallet: {
    background: '#3451d1',
    // A key.
    path: 'M25 12a7 7 0 0 0-6.7 9.1L11 28.4V31h4v-2.5h2.5V26h2.4l1.4-1.4A7 7 0 1 0 25 12Zm2 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
  },
  walletConnectDeepLink: {
    background: '#3b99fc',
    // Two arcs of a link.
    path: 'M12.6 17.4c4.1-4 10.7-4 14.8 0l.5.5-1.9 1.9-.7-.7a7.9 7.9 0 0 0-10.6 0l-.8.7-1.9-1.9.6-.5Zm-2.7 3.3 1.7 1.7-4 3.9-1.7-1.7 4-3.9Zm20.2 0 4 3.9-1.7 1.7-4-3.9 1.7-1.7ZM14.7 26l5.3-5.2 5.3 5.2-1.7 1.7-3.6-3.5-3.6 3.5-1.7-1.7Z',
  },
  mock: {
    background: '#6b7280',
    // A flask: the sandbox's test account.
    path: 'M16 10h8v2h-1v6.2l6.3 9.6A2.1 2.1 0 0 1 27.5 31h-15a2.1 2.1 0 0 1-1.8-3.2l6.3-9.6V12h-1v-2Zm3 2v6.8L15.6 24h8.8L21 18.8V12h-2Z',
  },
}

/** A stable colour for a wallet that brings no icon of its own. */
function monogramColour(name: string) {
  let hue = 0
  for (const char of name) hue = (hue * 31 + char.charCodeAt(0)) % 360
  return `hsl(${hue} 55% 45%)`
}

/** The connector's icon, ours for the pack's wallets, or its initial. */
export function WalletIcon({
  connector,
}: {
  connector: Pick<Connector, 'icon' | 'name' | 'type'>
}) {
  if (connector.icon)
    return (
      <span className="wallet-icon">
        <img src={connector.icon} alt="" />
      </span>
    )
  const icon = drawn[connector.type]
  if (icon)
    return (
      <span className="wallet-icon" style={{ background: icon.background }}>
        <svg viewBox="0 0 40 40" aria-hidden="true">
          <path d={icon.path} fill="#fff" />
        </svg>
      </span>
    )
  return (
    <span
      className="wallet-icon"
      style={{ background: monogramColour(connector.name) }}
      aria-hidden="true"
    >
      {connector.name.charAt(0)}
    </span>
  )
}
