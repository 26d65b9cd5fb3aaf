import type { EIP1193Parameters } from 'viem'

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
