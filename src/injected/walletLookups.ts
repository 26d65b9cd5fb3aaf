import { accountsLookupMs, chainIdLookupMs } from '../core/connector.js'
import { withTimeout } from '../core/deadlines.js'
import { toAddresses } from '../core/walletAnswers.js'
import type { InjectedProvider } from './eip1193.js'

const ask = (
  provider: InjectedProvider,
  method: 'eth_accounts' | 'eth_chainId',
  deadlineMs: number,
) =>
  withTimeout(
    provider.request({ method }),
    deadlineMs,
    () => new Error(`${method} timed out`),
  )

/** The wallet's connected accounts, within SPEC §9's deadline: a wallet still loading must not hold wagmi's reconnect. */
export const lookUpAccounts = async (provider: InjectedProvider) =>
  toAddresses(await ask(provider, 'eth_accounts', accountsLookupMs))

/** The wallet's chain id, within SPEC §9's deadline. */
export const lookUpChainId = async (provider: InjectedProvider) =>
  Number(await ask(provider, 'eth_chainId', chainIdLookupMs))
