import { type Address, type Hex, hexToBigInt, hexToNumber } from 'viem'

/** An `eth_sendTransaction` parameter as it travels over JSON-RPC: quantities in hex. */
export type RpcTransaction = {
  from?: Address
  to?: Address | null
  value?: Hex
  data?: Hex
  input?: Hex
  gas?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  nonce?: Hex
}

const quantity = (value: Hex | undefined) =>
  value === undefined ? undefined : hexToBigInt(value)

/**
 * The viem transaction request for an `eth_sendTransaction` parameter. `from`
 * is left out: the wallet always sends from its own account.
 */
export function parseRpcTransaction(transaction: RpcTransaction) {
  const fees =
    transaction.gasPrice === undefined
      ? {
          maxFeePerGas: quantity(transaction.maxFeePerGas),
          maxPriorityFeePerGas: quantity(transaction.maxPriorityFeePerGas),
        }
      : { gasPrice: quantity(transaction.gasPrice) }
  return {
    to: transaction.to,
    data: transaction.data ?? transaction.input,
    value: quantity(transaction.value),
    gas: quantity(transaction.gas),
    nonce:
      transaction.nonce === undefined
        ? undefined
        : hexToNumber(transaction.nonce),
    ...fees,
  }
}
