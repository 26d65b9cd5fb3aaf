import type { AddEthereumChainParameter, EIP1193Parameters } from 'viem'
import { type WalletDescriptor, walletIds } from '../wallets/walletRegistry.js'
import { InvalidInjectedWalletParameterError } from './errors.js'

/** An injected EIP-1193 provider, as wallets put it in the page. */
export type InjectedProvider = {
  request(args: EIP1193Parameters): Promise<any>
  on(event: string, listener: (...args: any[]) => void): void
  // Some wallets (Trust) have only `off`.
  removeListener?(event: string, listener: (...args: any[]) => void): void
  off?(event: string, listener: (...args: any[]) => void): void
  [flag: string]: unknown
}

/** An EIP-6963 announcement: `info.rdns` names the wallet, `uuid` this injection. */
export type AnnouncedProvider = {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: InjectedProvider
}

export type InjectedWalletParameters = {
  /**
   * The wallet: a descriptor of the registry, imported by name so the page
   * carries only the wallets it uses (`import { metamask } from
   * 'wagmi-connector-pack/injected'`), or one of your own.
   */
  wallet: WalletDescriptor
  /**
   * A page cannot disconnect a browser wallet: after `disconnect()` the
   * connector stays disconnected across reloads until the user connects
   * again (then the wallet shows its account picker). Default `true`.
   */
  shimDisconnect?: boolean | undefined
}

export type InjectedWalletConnectParameters = {
  chainId?: number | undefined
  isReconnecting?: boolean | undefined
  withCapabilities?: boolean | undefined
}

export type InjectedSwitchChainParameters = {
  chainId: number
  addEthereumChainParameter?:
    | Omit<AddEthereumChainParameter, 'chainId'>
    | undefined
}

export type InjectedWalletsParameters = {
  /**
   * Wallets you configured yourself (e.g. with `injectedWallet`), by registry
   * id or rdns: left out so none appears twice.
   */
  exclude?: readonly string[] | undefined
  shimDisconnect?: boolean | undefined
}

/** The connector's own storage key: set while shimDisconnect holds the wallet off. */
export type InjectedStorageItem = { [key: `${string}.disconnected`]: true }

/** Why `connect()` found no provider, as the connector saw it (and, on a phone, acted on it). */
export type MissingWallet =
  | { reason: 'notFound' }
  | { reason: 'noInAppBrowser' }
  | { reason: 'redirected'; link: string }

/**
 * injectedWallet()'s parameters, checked, with their defaults. Loaded with
 * the runtime, as the other connectors' checks: a bad option rejects
 * connect() with InvalidInjectedWalletParameterError naming it, and never
 * throws while the host's config is created.
 */
export function checkInjectedWalletParameters(
  parameters: InjectedWalletParameters,
) {
  const wallet: unknown = parameters?.wallet
  if (
    !(
      typeof wallet === 'object' &&
      wallet &&
      (wallet as WalletDescriptor).id &&
      (wallet as WalletDescriptor).name
    )
  )
    throw new InvalidInjectedWalletParameterError({
      wallet,
      fix: fix(wallet),
    })
  const shimDisconnect = parameters.shimDisconnect ?? true
  return { wallet: wallet as WalletDescriptor, shimDisconnect }
}

/** What to write instead: the registry's descriptor when `wallet` names one. */
function fix(wallet: unknown) {
  const known = (walletIds as readonly unknown[]).includes(wallet)
    ? (wallet as string)
    : undefined
  return known
    ? `Pass its descriptor: \`import { ${known} } from 'wagmi-connector-pack/injected'\`, then \`injectedWallet({ wallet: ${known} })\`.`
    : `Registry descriptors: ${walletIds.join(', ')}.`
}
