import type { Transport } from '@wagmi/core'
import {
  type Chain,
  createClient,
  custom,
  type EIP1193Parameters,
  type Hex,
  hexToBigInt,
  hexToNumber,
  type LocalAccount,
  numberToHex,
  ProviderRpcError,
  type TransactionRequest,
  UnsupportedProviderMethodError,
} from 'viem'
import {
  prepareTransactionRequest,
  sendTransaction,
  signTransaction,
} from 'viem/actions'
import {
  ChainNotConfiguredError,
  PublicClientNotFoundError,
} from '../core/errors/chain.js'
import { SessionNotFoundError } from '../core/errors/connection.js'

export type CreatePasskeyProviderParameters = {
  chains: readonly [Chain, ...Chain[]]
  transports: Record<number, Transport> | undefined
  account(): LocalAccount | undefined
  chainId(): number
  /** Moves to a configured chain (the connector stores it and tells wagmi). */
  switchChain(chainId: number): Promise<void>
}

const signingMethods = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
])

/**
 * The EIP-1193 provider of the passkey wallet: account, chain and signing
 * methods are answered here (signatures by the vendor); reads go to the
 * chain's wagmi transport.
 */
export function createPasskeyProvider({
  chains,
  transports,
  account,
  chainId,
  switchChain,
}: CreatePasskeyProviderParameters): {
  request(args: EIP1193Parameters): Promise<any>
} {
  function chainTransport(id: number) {
    const chain = chains.find((c) => c.id === id)
    const transport = transports?.[id]
    if (!chain) throw new ChainNotConfiguredError({ chainId: id })
    if (!transport) throw new PublicClientNotFoundError({ chainId: id })
    return { chain, transport: transport({ chain, retryCount: 0 }) }
  }

  function connectedAccount() {
    const current = account()
    if (!current) throw new SessionNotFoundError()
    return current
  }

  // A bare client and the three actions it needs: the whole wallet-action set would weigh more.
  function client() {
    const { chain, transport } = chainTransport(chainId())
    return createClient({
      account: connectedAccount(),
      chain,
      transport: custom({ request: transport.request }),
    })
  }

  async function request({ method, params }: EIP1193Parameters): Promise<any> {
    const args = (params ?? []) as unknown[]
    if (!signingMethods.has(method)) {
      const { transport } = chainTransport(chainId())
      return transport.request({ method, params } as never)
    }
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chainId())
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const current = account()
        return current ? [current.address] : []
      }
      case 'personal_sign':
        return connectedAccount().signMessage({
          message: { raw: args[0] as Hex },
        })
      case 'eth_sign':
        return connectedAccount().signMessage({
          message: { raw: args[1] as Hex },
        })
      case 'eth_signTypedData':
      case 'eth_signTypedData_v4': {
        const data = args[1]
        return connectedAccount().signTypedData(
          typeof data === 'string' ? JSON.parse(data) : (data as never),
        )
      }
      case 'eth_signTransaction': {
        const current = client()
        const prepared = await prepareTransactionRequest(
          current,
          fromRpcTransaction(args[0]) as never,
        )
        return signTransaction(current, prepared as never)
      }
      case 'eth_sendTransaction':
        return sendTransaction(client(), fromRpcTransaction(args[0]) as never)
      case 'wallet_switchEthereumChain': {
        const target = hexToNumber((args[0] as { chainId: Hex }).chainId)
        if (!chains.some((c) => c.id === target))
          throw new ProviderRpcError(
            new ChainNotConfiguredError({ chainId: target }),
            {
              code: 4902,
              shortMessage: 'Could not find network mapping for chain',
            },
          )
        await switchChain(target)
        return null
      }
      case 'wallet_addEthereumChain': {
        // Only the host's configured chains exist for this wallet.
        const target = hexToNumber((args[0] as { chainId: Hex }).chainId)
        if (!chains.some((c) => c.id === target))
          throw new ProviderRpcError(
            new ChainNotConfiguredError({ chainId: target }),
            {
              code: 4902,
              shortMessage: 'Could not find network mapping for chain',
            },
          )
        return null
      }
      default:
        throw new UnsupportedProviderMethodError(new Error(method))
    }
  }

  return { request }
}

/** An `eth_sendTransaction` parameter (hex quantities) as a viem request. */
function fromRpcTransaction(value: unknown): TransactionRequest {
  const rpc = (value ?? {}) as Record<string, Hex | undefined>
  const quantity = (hex: Hex | undefined) =>
    hex === undefined ? undefined : hexToBigInt(hex)
  return {
    to: rpc.to,
    data: rpc.data ?? rpc.input,
    value: quantity(rpc.value),
    gas: quantity(rpc.gas),
    gasPrice: quantity(rpc.gasPrice),
    maxFeePerGas: quantity(rpc.maxFeePerGas),
    maxPriorityFeePerGas: quantity(rpc.maxPriorityFeePerGas),
    nonce: rpc.nonce === undefined ? undefined : hexToNumber(rpc.nonce),
  } as TransactionRequest
}
