import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import type { AnnouncedProvider, InjectedProvider } from './eip1193.js'
import { isGenuineProvider } from './isGenuineProvider.js'

export type InjectedEnvironment = {
  announced: readonly AnnouncedProvider[]
  /** The page's `window`, where legacy wallets put their providers. */
  window: Record<string, unknown> | undefined
}

/**
 * The wallet's provider in this page: announced under one of its rdns first,
 * then a legacy provider under its own global or carrying its flag (in
 * `window.ethereum.providers` or `window.ethereum`), impostors refused.
 */
export function findInjectedProvider(
  wallet: WalletDescriptor,
  { announced, window }: InjectedEnvironment,
): InjectedProvider | undefined {
  const byRdns = announced.find(({ info }) => wallet.rdns?.includes(info.rdns))
  if (byRdns) return byRdns.provider
  if (!window || !wallet.injected) return undefined
  const global = wallet.injected.global
  if (global) {
    const own = global.reduce<unknown>(
      (at, key) => (isObject(at) ? at[key] : undefined),
      window,
    )
    if (isProvider(own)) return own
  }
  const ethereum = window.ethereum
  const candidates = [
    ...(isObject(ethereum) && Array.isArray(ethereum.providers)
      ? ethereum.providers
      : []),
    ethereum,
  ]
  return candidates.find(
    (candidate): candidate is InjectedProvider =>
      isProvider(candidate) && isGenuineProvider(candidate, wallet),
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isProvider(value: unknown): value is InjectedProvider {
  return isObject(value) && typeof value.request === 'function'
}
