function isPrivateIpv4(host: string) {
  const parts = host.split('.').map(Number)
  if (
    parts.length !== 4 ||
    parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)
  )
    return false
  const [a, b] = parts as [number, number, number, number]
  return (
    a === 127 || // loopback
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) || // link-local
    (a === 0 && parts.every((part) => part === 0))
  )
}

function isPrivateIpv6(host: string) {
  if (host === '::1') return true
  // IPv4-mapped (the URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host)
  if (mapped) {
    const high = Number.parseInt(mapped[1]!, 16)
    const low = Number.parseInt(mapped[2]!, 16)
    return isPrivateIpv4([high >> 8, high & 255, low >> 8, low & 255].join('.'))
  }
  // fc00::/7 unique local, fe80::/10 link-local.
  return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host)
}

/**
 * Whether a relay URL points at this machine or a private network
 * (`localhost`, `*.localhost`, 127.0.0.0/8, ::1, 10/8, 172.16/12,
 * 192.168/16, link-local, fc00::/7): the sandbox's relay, a developer's own.
 * WalletConnect's relay (no `relayUrl`) and any public host are not.
 */
export function isLocalRelayUrl(relayUrl: string | undefined): boolean {
  if (relayUrl === undefined) return false
  let host: string
  try {
    // A fully qualified name may end in a dot (`localhost.`).
    host = new URL(relayUrl).hostname.toLowerCase().replace(/\.$/, '')
  } catch {
    return false
  }
  if (host.startsWith('[') && host.endsWith(']'))
    return isPrivateIpv6(host.slice(1, -1))
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  return isPrivateIpv4(host)
}
