import type { Account, Chain, Client, Transport } from 'viem'
import {
  prepareTransactionRequest,
  sendTransaction,
  signTransaction,
} from 'viem/actions'
import { fromRpcTransaction } from './fromRpcTransaction.js'

/**
 * `eth_signTransaction` (prepared, then signed) or `eth_sendTransaction`:
 * the RPC parameter read as a viem request, `check`ed (its sender and chain)
 * before the connected account's `client` is made. Loaded when a
 * transaction is first asked for: viem's transaction actions are not needed
 * to sign up or log in.
 */
export async function answerTransactionRequest(
  method: 'eth_signTransaction' | 'eth_sendTransaction',
  value: unknown,
  check: (
    value: unknown,
    transaction: { chainId?: number | undefined },
  ) => void,
  client: () => Client<Transport, Chain, Account>,
) {
  const transaction = fromRpcTransaction(value)
  check(value, transaction)
  const current = client()
  if (method === 'eth_sendTransaction')
    return sendTransaction(current, transaction as never)
  const prepared = await prepareTransactionRequest(
    current,
    transaction as never,
  )
  return signTransaction(current, prepared as never)
}
