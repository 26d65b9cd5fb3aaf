import {
  type Account,
  type Chain,
  type Client,
  type Hex,
  hexToBigInt,
  hexToNumber,
  type TransactionRequest,
  type Transport,
} from 'viem'
import {
  prepareTransactionRequest,
  sendTransaction,
  signTransaction,
} from 'viem/actions'
import { assertRequest } from 'viem/utils'
import type { TransactionAsked } from './calls.js'

/**
 * `eth_signTransaction` (prepared, then signed) or `eth_sendTransaction`
 * (sent `throughVendor` where it can be, else signed and sent): the RPC
 * parameter read as a viem request, `check`ed (its sender and chain) before
 * the connected account's `client` is made. Loaded when a
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
  throughVendor: (transaction: TransactionAsked) => Promise<Hex | undefined>,
) {
  const transaction = fromRpcTransaction(value)
  check(value, transaction)
  // As viem's own actions: a mixed-case address with a wrong EIP-55 checksum
  // is InvalidAddressError before any request, the vendor's send included.
  assertRequest(transaction as Parameters<typeof assertRequest>[0])
  const current = client()
  if (method === 'eth_sendTransaction')
    return (
      (await throughVendor(transaction as TransactionAsked)) ??
      sendTransaction(current, transaction as never)
    )
  const prepared = await prepareTransactionRequest(
    current,
    transaction as never,
  )
  return signTransaction(current, prepared as never)
}

const transactionTypes: Record<string, TransactionRequest['type']> = {
  '0x0': 'legacy',
  '0x1': 'eip2930',
  '0x2': 'eip1559',
  '0x4': 'eip7702',
}

/** An `eth_sendTransaction` parameter (hex quantities) as a viem request. */
function fromRpcTransaction(
  value: unknown,
): TransactionRequest & { chainId?: number | undefined } {
  const rpc = (value ?? {}) as Record<string, any>
  const quantity = (hex: Hex | undefined) =>
    hex === undefined ? undefined : hexToBigInt(hex)
  const number = (hex: Hex | undefined) =>
    hex === undefined ? undefined : hexToNumber(hex)
  return {
    to: rpc.to,
    data: rpc.data ?? rpc.input,
    value: quantity(rpc.value),
    gas: quantity(rpc.gas),
    gasPrice: quantity(rpc.gasPrice),
    maxFeePerGas: quantity(rpc.maxFeePerGas),
    maxPriorityFeePerGas: quantity(rpc.maxPriorityFeePerGas),
    nonce: number(rpc.nonce),
    chainId: number(rpc.chainId),
    type: rpc.type === undefined ? undefined : transactionTypes[rpc.type],
    accessList: rpc.accessList,
    authorizationList: rpc.authorizationList?.map(
      (authorization: Record<string, Hex>) => ({
        address: authorization.address,
        chainId: number(authorization.chainId),
        nonce: number(authorization.nonce),
        r: authorization.r,
        s: authorization.s,
        yParity: number(authorization.yParity),
      }),
    ),
  } as TransactionRequest & { chainId?: number | undefined }
}
