import type { Transport } from '@wagmi/core'
import {
  type Address,
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
  createChainTransports,
  isConfiguredChain,
} from '../core/chains.js'
import { RequestRefusedError } from '../core/connectionErrors.js'
import { createSerialQueue } from '../core/lifecycle.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'
import type { CallsContext, TransactionAsked } from './calls.js'
import { toVendorAccount } from './vendorAccount.js'

// The EIP-1193 provider of the connected wallet, over the vendor account
// that signs for it (vendorAccount.ts). Loaded with the first request (see
// createPasskeyRuntime): a sign-up or log-in needs none of it. Transactions'
// own code loads later still, with the first one asked for
// (answerTransactionRequest.ts).

/** Who is connected: the wallet's address in the user's sub-organization. */
export type Connection = { organizationId: string; address: Address }

export type CreateConnectionProviderParameters = Omit<
  CreatePasskeyProviderParameters,
  'account' | 'calls'
> & {
  /** Who is connected; `undefined` when nobody is. */
  connection(): Connection | undefined
  vendor: VendorClient
  /** Who authorises each request: a session key within its scope, else the passkey. */
  stamper: () => Stamper
  /** Who authorises a signature the page gets back: the passkey, or a root session key. */
  signatureStamper: () => Stamper
  /** Who pays for `wallet_sendCalls`: passkeyWallet's `sponsorship` option. */
  sponsorship: CallsContext['sponsorship']
  backendTimeoutMs: number
}

/**
 * The provider of whichever account is connected, signing with a vendor
 * account made once per connection. Loaded with the first request: a sign-up or
 * log-in needs none of it.
 */
export function createConnectionProvider({
  connection,
  vendor,
  stamper,
  signatureStamper,
  sponsorship,
  backendTimeoutMs,
  ...parameters
}: CreateConnectionProviderParameters) {
  const accounts = new WeakMap<Connection, LocalAccount>()
  function account() {
    const current = connection()
    if (!current) return undefined
    let vendorAccount = accounts.get(current)
    if (!vendorAccount) {
      vendorAccount = toVendorAccount({
        ...current,
        vendor,
        stamper: signatureStamper,
      })
      accounts.set(current, vendorAccount)
    }
    return vendorAccount
  }
  return createPasskeyProvider({
    ...parameters,
    account,
    calls: () => {
      const current = connection()
      return current
        ? { connection: current, vendor, stamper, sponsorship }
        : undefined
    },
  })
}

export type CreatePasskeyProviderParameters = {
  chains: readonly [Chain, ...Chain[]]
  transports: Record<number, Transport> | undefined
  account(): LocalAccount | undefined
  /** What EIP-5792 calls need of the connection (the account's own vendor client). */
  calls():
    | Omit<CallsContext, 'chains' | 'signerOf' | 'chainRequest'>
    | undefined
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
  'wallet_sendCalls',
])

/** EIP-5792: answered by code that loads with the first of them (calls.ts). */
const callsMethods = new Set([
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
])

/** Answered by the wallet itself; everything else is a read for the chain. */
const walletMethods = new Set([
  ...userAuthorisedMethods,
  ...callsMethods,
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
  calls,
  chainId,
  switchChain,
}: CreatePasskeyProviderParameters): {
  request(args: EIP1193Parameters): Promise<any>
  dropWaitingRequests(): void
} {
  const chainTransport = createChainTransports(chains, transports)

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

  /** What the calls' code needs of the connection `asked` of: refused if another one connected meanwhile. */
  function callsContext(asked: LocalAccount): CallsContext {
    const context = calls()
    if (!context || context.connection.address !== asked.address)
      throw new UnauthorizedProviderError(
        new SessionNotFoundError({ reason: 'ended' }),
      )
    return {
      ...context,
      chains,
      signerOf,
      chainRequest: (id) => chainTransport(id).transport.request,
    }
  }

  /**
   * With a session key, a transaction goes through the vendor, which
   * broadcasts it at once: the key never signs one the page could keep and
   * send after the session. `undefined` where the passkey signs it instead.
   */
  async function sendThroughVendor(
    asked: LocalAccount,
    transaction: TransactionAsked,
  ) {
    if (calls()?.stamper().kind !== 'session') return undefined
    const calling = await import('./calls.js')
    return calling.sendThroughVendor(
      transaction,
      chainId(),
      callsContext(asked),
    )
  }

  /** The chain id of a switch/add request, if the host configured it (else 4902). */
  function configuredChainId(parameter: unknown) {
    const target = hexToNumber((parameter as { chainId: Hex }).chainId)
    if (!isConfiguredChain(chains, target))
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
    if (callsMethods.has(method)) {
      // As transactions: for the account it was asked of, once the code loaded.
      const asked = connectedAccount()
      const { answerCallsRequest } = await import('./calls.js')
      return answerCallsRequest(method, args, callsContext(asked))
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
          throw new UnauthorizedProviderError(
            new SessionNotFoundError({ reason: 'ended' }),
          )
        return answerTransactionRequest(
          method,
          args[0],
          checkTransaction,
          client,
          (transaction) => sendThroughVendor(asked, transaction),
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
  // A prompt left open by a disconnect ends before the next one opens: the ceremonies' own queue.
  const userRequests = createSerialQueue()
  return {
    request: (args: EIP1193Parameters) =>
      userAuthorisedMethods.has(args.method)
        ? userRequests.enqueue(() => answer(args))
        : answer(args),
    /** Refuses the requests still waiting: their account is gone. */
    dropWaitingRequests() {
      userRequests.clear(
        new UnauthorizedProviderError(
          new SessionNotFoundError({ reason: 'ended' }),
        ),
      )
    },
  }
}
