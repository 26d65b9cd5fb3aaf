import type { Transport } from '@wagmi/core'
import {
  type Chain,
  createClient,
  custom,
  type EIP1193Parameters,
  type Hex,
  hexToNumber,
  type LocalAccount,
  numberToHex,
  ProviderRpcError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
} from 'viem'
import {
  ChainNotConfiguredError,
  PublicClientNotFoundError,
} from '../core/chains.js'
import {
  RequestRefusedError,
  SessionEndedError,
} from '../core/connectionErrors.js'
import { SessionNotFoundError } from '../core/errors.js'
import { createSerialQueue } from '../core/lifecycle.js'

export type CreatePasskeyProviderParameters = {
  chains: readonly [Chain, ...Chain[]]
  transports: Record<number, Transport> | undefined
  account(): LocalAccount | undefined
  chainId(): number
  /** Moves to a configured chain (the connector stores it and tells wagmi). */
  switchChain(chainId: number): Promise<void>
}

/** Requests the user authorises: answered one at a time, in the order asked. */
const userAuthorisedMethods = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
])

/** Answered by the wallet itself; everything else is a read for the chain. */
const walletMethods = new Set([
  ...userAuthorisedMethods,
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  // Refused at once (legacy typed data), not queued behind a prompt.
  'eth_signTypedData',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
])

/**
 * The EIP-1193 provider of the passkey wallet: account, chain and signing
 * methods are answered here (signatures by the vendor, one at a time, as a
 * wallet asks its user); reads go to the chain's wagmi transport.
 */
export function createPasskeyProvider({
  chains,
  transports,
  account,
  chainId,
  switchChain,
}: CreatePasskeyProviderParameters): {
  request(args: EIP1193Parameters): Promise<any>
  dropWaitingRequests(): void
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
    if (!current)
      throw new UnauthorizedProviderError(new SessionNotFoundError())
    return current
  }

  // A bare client and the three actions it needs (loaded on first use): the whole wallet-action set would weigh more.
  function client() {
    const { chain, transport } = chainTransport(chainId())
    return createClient({
      account: connectedAccount(),
      chain,
      transport: custom({ request: transport.request }),
    })
  }

  /** The connected account, if `address` is it: a wallet signs only for its own account. */
  function signerOf(address: unknown) {
    const current = connectedAccount()
    if (
      typeof address !== 'string' ||
      address.toLowerCase() !== current.address.toLowerCase()
    )
      throw new UnauthorizedProviderError(
        new Error(`This wallet signs only for ${current.address}.`),
      )
    return current
  }

  /** Throws unless the connected account may send `transaction` (read from `value`) on this chain. */
  function checkTransaction(
    value: unknown,
    transaction: { chainId?: number | undefined },
  ) {
    const from = (value as { from?: unknown } | undefined)?.from
    if (from !== undefined) signerOf(from)
    if (transaction.chainId !== undefined && transaction.chainId !== chainId())
      throw new ProviderRpcError(
        new Error(
          `The wallet is on chain ${chainId()}, not ${transaction.chainId}.`,
        ),
        {
          code: 4901,
          shortMessage: `The wallet is not on chain ${transaction.chainId}.`,
        },
      )
  }

  /** The chain id of a switch/add request, if the host configured it (else 4902). */
  function configuredChainId(parameter: unknown) {
    const target = hexToNumber((parameter as { chainId: Hex }).chainId)
    if (!chains.some((c) => c.id === target))
      throw new ProviderRpcError(
        new ChainNotConfiguredError({ chainId: target }),
        {
          code: 4902,
          shortMessage: 'Could not find network mapping for chain',
        },
      )
    return target
  }

  async function answer({ method, params }: EIP1193Parameters): Promise<any> {
    const args = (params ?? []) as unknown[]
    if (!walletMethods.has(method)) {
      const { transport } = chainTransport(chainId())
      return transport.request({ method, params } as never)
    }
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chainId())
      case 'eth_accounts': {
        const current = account()
        return current ? [current.address] : []
      }
      case 'eth_requestAccounts':
        // Connecting takes a sign-up or log-in choice: wagmi's connect() makes it, not this call.
        return [connectedAccount().address]
      case 'personal_sign':
        return signerOf(args[1]).signMessage({
          message: { raw: args[0] as Hex },
        })
      case 'eth_sign':
        return signerOf(args[0]).signMessage({
          message: { raw: args[1] as Hex },
        })
      case 'eth_signTypedData':
        // v1 is the legacy `[[{ name, type, value }], address]`, not EIP-712: no wallet of the
        // vendor's signs it, and reading it as v4 would sign something the caller did not ask.
        throw new UnsupportedProviderMethodError(
          new RequestRefusedError({
            details:
              'eth_signTypedData (v1, legacy typed data) is not supported: sign EIP-712 typed data with eth_signTypedData_v4 (wagmi’s signTypedData).',
          }),
          { method },
        )
      case 'eth_signTypedData_v4': {
        const data = args[1]
        return signerOf(args[0]).signTypedData(
          typeof data === 'string' ? JSON.parse(data) : (data as never),
        )
      }
      case 'eth_signTransaction':
      case 'eth_sendTransaction': {
        // Read, checked and answered by code that loads with the first transaction asked for,
        // for the account it was asked of: not for one that connected while the code loaded.
        const asked = connectedAccount()
        const { answerTransactionRequest } = await import(
          './answerTransactionRequest.js'
        )
        if (account()?.address !== asked.address)
          throw new UnauthorizedProviderError(new SessionEndedError())
        return answerTransactionRequest(
          method,
          args[0],
          checkTransaction,
          client,
        )
      }
      case 'wallet_switchEthereumChain':
        await switchChain(configuredChainId(args[0]))
        return null
      case 'wallet_addEthereumChain':
        // Only the host's configured chains exist for this wallet: adding one is a no-op.
        configuredChainId(args[0])
        return null
      default:
        throw new UnsupportedProviderMethodError(new Error(method), { method })
    }
  }

  // Also keeps transactions' nonces apart: each is prepared after the one before was sent.
  // A prompt left open by a disconnect ends before the next one opens.
  const userRequests = createSerialQueue({ afterClear: 'wait-for-running' })
  return {
    request: (args: EIP1193Parameters) =>
      userAuthorisedMethods.has(args.method)
        ? userRequests.enqueue(() => answer(args))
        : answer(args),
    /** Refuses the requests still waiting: their account is gone. */
    dropWaitingRequests() {
      userRequests.clear(new UnauthorizedProviderError(new SessionEndedError()))
    },
  }
}
