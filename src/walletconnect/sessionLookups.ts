import type { Address } from 'viem'
import { parseCaipAccount } from '../core/caip/parseCaipAccount.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { accountsLookupMs, chainIdLookupMs } from '../core/lookupDeadlines.js'
import { toAddresses } from '../core/toAddresses.js'
import { withTimeout } from '../core/withTimeout.js'
import type { SignClientProvider } from './provider.js'

/** The session's accounts as the wallet reports them, or as the session holds them when it is slow. */
export async function lookUpAccounts(
  wc: SignClientProvider,
): Promise<readonly Address[]> {
  const accounts = await withTimeout(
    (async () =>
      wc.session ? wc.request<string[]>({ method: 'eth_accounts' }) : [])(),
    accountsLookupMs,
    () => new SessionNotFoundError(),
  ).catch(() => wc.accounts)
  return toAddresses(accounts)
}

/** The session's chain, or the one it holds when the lookup is slow; before a session, the default. */
export function lookUpChainId(wc: SignClientProvider): Promise<number> {
  return withTimeout(
    (async () =>
      wc.session
        ? Number(await wc.request<string>({ method: 'eth_chainId' }))
        : defaultChainIdBeforeConnecting)(),
    chainIdLookupMs,
    () => new SessionNotFoundError(),
  ).catch(() => (wc.session ? wc.chainId : defaultChainIdBeforeConnecting))
}

/** Every account of the session, in any namespace, parsed; one that does not parse is left out. */
export function sessionAccounts(wc: SignClientProvider) {
  const namespaces = wc.session?.namespaces ?? {}
  return Object.values(namespaces)
    .flatMap((namespace) => namespace.accounts)
    .flatMap((account) => {
      try {
        return [parseCaipAccount(account)]
      } catch {
        return []
      }
    })
}
