import type {
  Account,
  Chain,
  Client,
  TransactionRequest,
  Transport,
} from 'viem'
import {
  prepareTransactionRequest,
  sendTransaction,
  signTransaction,
} from 'viem/actions'

/**
 * `eth_signTransaction` (prepared, then signed) or `eth_sendTransaction`
 * with the connected account's client. Loaded when a transaction is first
 * asked for: viem's transaction actions are not needed to sign up or log in.
 */
export async function answerTransactionRequest(
  method: 'eth_signTransaction' | 'eth_sendTransaction',
  client: Client<Transport, Chain, Account>,
  transaction: TransactionRequest,
) {
  if (method === 'eth_sendTransaction')
    return sendTransaction(client, transaction as never)
  const prepared = await prepareTransactionRequest(client, transaction as never)
  return signTransaction(client, prepared as never)
}
