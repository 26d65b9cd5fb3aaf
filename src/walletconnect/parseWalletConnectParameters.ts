import { walletIds } from '../wallets/walletIds.js'
import { InvalidWalletConnectParameterError } from './InvalidWalletConnectParameterError.js'
import type { WalletConnectDeepLinkParameters } from './walletConnectDeepLink.js'

/**
 * walletConnectDeepLink()'s parameters, checked, with their defaults, and
 * the app scheme of a wallet the host described itself (allowed for its
 * links). Part of the first load: it imports no registry and no SDK. Throws InvalidWalletConnectParameterError
 * naming the first option it cannot use.
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
    !/^wss?:\/\/[^/]+/.test(parameters.relayUrl)
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
  const known =
    typeof walletParameter === 'string'
      ? (walletIds as readonly string[]).includes(walletParameter)
      : walletParameter === undefined || Boolean(walletParameter?.id)
  if (!known)
    throw invalid(
      'wallet',
      `a registered wallet id (${walletIds.join(', ')}) or a descriptor`,
    )
  // A wallet the host describes itself may use its own app scheme.
  const native =
    typeof walletParameter === 'object'
      ? walletParameter.walletConnect?.native
      : ''
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
