import { walletIds } from '../wallets/walletRegistry.js'
import { InvalidWalletConnectParameterError } from './InvalidWalletConnectParameterError.js'
import type { WalletConnectDeepLinkParameters } from './walletConnectDeepLink.js'

/**
 * walletConnectDeepLink()'s parameters, checked, with their defaults, and
 * the app scheme of a wallet the host described itself (allowed for its
 * links). Loaded with the session, so the host's first load carries no
 * checks: a bad option rejects connect() with
 * InvalidWalletConnectParameterError naming it, and never throws while the
 * host's config is created.
 */
export function parseWalletConnectParameters(
  parameters: WalletConnectDeepLinkParameters,
) {
  const invalid = (name: string, expected: string) =>
    new InvalidWalletConnectParameterError(name, expected)
  if (typeof parameters?.projectId !== 'string' || !parameters.projectId)
    throw invalid('projectId', 'your WalletConnect project id')
  if (
    parameters.relayUrl !== undefined &&
    (typeof parameters.relayUrl !== 'string' ||
      !/^wss?:\/\/[^/]+/.test(parameters.relayUrl))
  )
    throw invalid('relayUrl', 'a ws:// or wss:// URL')
  const deepLink = parameters.deepLink ?? 'native'
  if (deepLink !== 'native' && deepLink !== 'universal')
    throw invalid('deepLink', "'native' or 'universal'")
  const switching = parameters.switching ?? 'app'
  if (switching !== 'app' && switching !== 'wallet')
    throw invalid('switching', "'app' or 'wallet'")
  for (const name of ['verify', 'telemetry'] as const)
    if (parameters[name] !== undefined && typeof parameters[name] !== 'boolean')
      throw invalid(name, 'true or false')
  const { wallet: walletParameter } = parameters
  if (
    walletParameter !== undefined &&
    !(
      typeof walletParameter === 'object' &&
      walletParameter !== null &&
      walletParameter.id
    )
  )
    throw invalid('wallet', describeWalletExpected(walletParameter))
  // A wallet the host describes itself may use its own app scheme.
  const native = walletParameter ? walletParameter.walletConnect?.native : ''
  if (native !== undefined && typeof native !== 'string')
    throw invalid(
      'wallet',
      'a descriptor whose walletConnect.native is a string',
    )
  // URL schemes compare in lower case.
  const hostSchemes = native?.includes(':')
    ? [native.slice(0, native.indexOf(':') + 1).toLowerCase()]
    : []
  return { deepLink, switching, wallet: walletParameter, hostSchemes }
}

/** What `wallet` must be; for a registry id given as a string, the import that replaces it. */
function describeWalletExpected(wallet: unknown) {
  const known = (walletIds as readonly unknown[]).includes(wallet)
  return known
    ? `a wallet descriptor: \`import { ${wallet} } from 'wagmi-connector-pack/walletconnect'\`, then \`wallet: ${wallet}\``
    : `a wallet descriptor (${walletIds.join(', ')}, imported from 'wagmi-connector-pack/walletconnect', or your own)`
}
