import type { SessionTypes } from '@walletconnect/types'
import { parseChainId } from '@walletconnect/utils'
import {
  type Address,
  BaseError,
  type Hex,
  hexToNumber,
  isHex,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from 'viem'
import type { ChainClient } from './chainClient.js'
import {
  parseRpcTransaction,
  type RpcTransaction,
} from './parseRpcTransaction.js'
import { sessionChainIds } from './sessionChainIds.js'
import {
  type CallsLedger,
  getCallsStatus,
  getCapabilities,
  sendCalls,
} from './walletCalls.js'
import { type RequestAnswer, walletErrors } from './walletErrors.js'

/** A `session_request` as the wallet received it; `chainId` is CAIP-2 (`eip155:1`). */
export type ReceivedRequest = {
  id: number
  topic: string
  chainId: string
  method: string
  params: unknown
}

export type AnswerContext = {
  account: PrivateKeyAccount
  /** The session the request came in on. */
  session: SessionTypes.Struct
  /** A client sending from the wallet's account on `chainId`. */
  clientOf(chainId: number): ChainClient
  /** Tells the session's dapp that the wallet is now on `chainId`. */
  emitChainChanged(chainId: number): Promise<void>
  /** The EIP-5792 batches it took, from every session. */
  calls: CallsLedger
}

/**
 * What the sandbox wallet answers: signatures from its own key, transactions
 * sent to the request's chain, chain switches within the session, EIP-5792
 * batches (walletCalls.ts). A failure (say, the chain refuses the
 * transaction) is answered as an internal error, so the dapp never waits for
 * an answer that will not come.
 */
export async function answerRequest(
  { chainId, method, params }: ReceivedRequest,
  { account, session, clientOf, emitChainChanged, calls }: AnswerContext,
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
      case 'wallet_getCapabilities':
        return getCapabilities(params, {
          account,
          chainIds: sessionChainIds(session),
        })
      case 'wallet_sendCalls':
        return await sendCalls(params, {
          account,
          chainIds: sessionChainIds(session),
          clientOf,
          ledger: calls,
        })
      case 'wallet_getCallsStatus':
        return await getCallsStatus(params, { clientOf, ledger: calls })
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
