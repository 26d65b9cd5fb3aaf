import {
  type Config,
  type WaitForTransactionReceiptParameters,
  type WaitForTransactionReceiptReturnType,
  waitForTransactionReceipt,
} from '@wagmi/core'

/**
 * Blocks after which a transaction receipt counts as final, whichever
 * connector sent it: the block that holds it and two more on top. Give it to
 * wagmi's `useWaitForTransactionReceipt({ hash, confirmations })`, or call
 * `waitForFinalReceipt`.
 */
export const receiptConfirmations = 3

export type WaitForFinalReceiptParameters<
  config extends Config = Config,
  chainId extends
    config['chains'][number]['id'] = config['chains'][number]['id'],
> = Omit<WaitForTransactionReceiptParameters<config, chainId>, 'confirmations'>

/**
 * wagmi's `waitForTransactionReceipt` with the pack's rule of finality: the
 * receipt once the transaction is `receiptConfirmations` blocks deep. It
 * rejects as wagmi's action does (a reverted transaction, a timeout).
 */
export function waitForFinalReceipt<
  config extends Config,
  chainId extends config['chains'][number]['id'],
>(
  config: config,
  parameters: WaitForFinalReceiptParameters<config, chainId>,
): Promise<WaitForTransactionReceiptReturnType<config, chainId>> {
  return waitForTransactionReceipt(config, {
    ...parameters,
    confirmations: receiptConfirmations,
  } as WaitForTransactionReceiptParameters<config, chainId>)
}
