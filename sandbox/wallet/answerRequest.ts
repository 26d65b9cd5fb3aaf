import type { SessionTypes } from '@walletconnect/types'
import { parseChainId } from '@walletconnect/utils'
import {
  type Address,
  BaseError,
  type Hex,
  hexToNumber,
  isHex,
  type LocalAccount,
  type TypedDataDefinition,
} from 'viem'
import type { ChainClient } from './chainClient.js'
import {
  parseRpcTransaction,
  type RpcTransaction,
} from './parseRpcTransaction.js'
import { sessionChainIds } from './sessionChainIds.js'
import { walletErrors } from './walletErrors.js'

/** A `session_request` as the wallet received it; `chainId` is CAIP-2 (`eip155:1`). */
export type ReceivedRequest = {
  id: number
  topic: string
  chainId: string
  method: string
  params: unknown
}

/** The JSON-RPC response body: a result, or an error. */
export type RequestAnswer =
  | { result: unknown }
  | { error: { code: number; message: string } }

export type AnswerContext = {
  account: LocalAccount
  /** The session the request came in on. */
  session: SessionTypes.Struct
  /** A client sending from the wallet's account on `chainId`. */
  clientOf(chainId: number): ChainClient
  /** Tells the session's dapp that the wallet is now on `chainId`. */
  emitChainChanged(chainId: number): Promise<void>
}

/**
 * What the sandbox wallet answers: signatures from its own key, transactions
 * sent to the request's chain, chain switches within the session. A failure
 * (say, the chain refuses the transaction) is answered as an internal error,
 * so the dapp never waits for an answer that will not come.
 */
export async function answerRequest(
  { chainId, method, params }: ReceivedRequest,
  { account, session, clientOf, emitChainChanged }: AnswerContext,
): Promise<RequestAnswer> {
  try {
    switch (method) {
      case 'personal_sign': {
        const [message] = params as [Hex | string, Address]
        return {
          result: await account.signMessage({
            message: isHex(message) ? { raw: message } : message,
          }),
        }
      }
      case 'eth_signTypedData':
      case 'eth_signTypedData_v4': {
        const [, typedData] = params as [Address, string | TypedDataDefinition]
        return {
          result: await account.signTypedData(
            typeof typedData === 'string' ? JSON.parse(typedData) : typedData,
          ),
        }
      }
      case 'eth_sendTransaction': {
        const [transaction] = params as [RpcTransaction]
        const client = clientOf(Number(parseChainId(chainId).reference))
        return {
          result: await client.sendTransaction(
            parseRpcTransaction(transaction),
          ),
        }
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId: target }] = params as [{ chainId: Hex }]
        const switchTo = hexToNumber(target)
        if (!sessionChainIds(session).includes(switchTo))
          return { error: walletErrors.unrecognizedChain }
        // As with an injected wallet, the chain has changed when the switch resolves.
        await emitChainChanged(switchTo)
        return { result: null }
      }
      default:
        return { error: walletErrors.unsupportedMethod }
    }
  } catch (error) {
    const message =
      error instanceof BaseError
        ? error.shortMessage
        : error instanceof Error
          ? error.message
          : String(error)
    return { error: { code: -32603, message } } // JSON-RPC internal error
  }
}
