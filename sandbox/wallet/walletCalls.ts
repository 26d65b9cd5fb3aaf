import { randomBytes } from 'node:crypto'
import {
  type Address,
  type Hash,
  type Hex,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  numberToHex,
  type PrivateKeyAccount,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  toHex,
} from 'viem'
import {
  gasDelegateBatch,
  gasDelegateMaxCalls,
} from '../contracts/gasDelegateBatch.js'
import type { ChainClient } from './chainClient.js'
import { type RequestAnswer, walletErrors } from './walletErrors.js'

// The wallet's EIP-5792 (2.0.0) answers: every batch runs through the
// sandbox's gas delegate (EIP-7702), sent and paid by the wallet's own
// account, so its calls land all together or not at all.

/** A batch the wallet took: its transaction, or none when its simulation reverted (nothing was sent). */
type SentBatch = { chainId: number; hash: Hash | undefined }

/** The batches the wallet took, by their EIP-5792 id. */
export type CallsLedger = Map<string, SentBatch>

type CallsContext = {
  account: PrivateKeyAccount
  /** The chains of the session the request came in on. */
  chainIds: number[]
  clientOf(chainId: number): ChainClient
  ledger: CallsLedger
}

type Capabilities = Record<string, { optional?: boolean } | undefined>

type SendCallsRequest = {
  version?: unknown
  id?: string
  from?: Address
  chainId?: Hex
  calls?: {
    to?: Address
    data?: Hex
    value?: Hex
    capabilities?: Capabilities
  }[]
  capabilities?: Capabilities
}

const isOwnAddress = (address: unknown, account: PrivateKeyAccount) =>
  typeof address === 'string' &&
  isAddress(address, { strict: false }) &&
  isAddressEqual(address, account.address)

/** `wallet_getCapabilities`: atomic batches on each of the session's chains asked for. */
export function getCapabilities(
  params: unknown,
  { account, chainIds }: Pick<CallsContext, 'account' | 'chainIds'>,
): RequestAnswer {
  const [address, asked] = (params ?? []) as [unknown, Hex[] | undefined]
  if (!isOwnAddress(address, account))
    return { error: walletErrors.unauthorized }
  const chains = asked
    ? chainIds.filter((chainId) => asked.map(Number).includes(chainId))
    : chainIds
  return {
    result: Object.fromEntries(
      chains.map((chainId) => [
        numberToHex(chainId),
        { atomic: { status: 'supported' } },
      ]),
    ),
  }
}

/**
 * `wallet_sendCalls`: the batch the account signs for its gas delegate, sent
 * once the chain's simulation of it succeeds; a batch whose simulation
 * reverts is taken (it has an id) but never sent.
 */
export async function sendCalls(
  params: unknown,
  { account, chainIds, clientOf, ledger }: CallsContext,
): Promise<RequestAnswer> {
  const [request = {}] = (params ?? []) as [SendCallsRequest | undefined]
  if (request.version !== '2.0.0')
    return {
      error: walletErrors.invalidParams(
        `Unsupported version ${String(request.version)}: this wallet answers EIP-5792 2.0.0`,
      ),
    }
  if (request.from !== undefined && !isOwnAddress(request.from, account))
    return { error: walletErrors.unauthorized }
  const chainId = Number(request.chainId)
  if (!chainIds.includes(chainId))
    return { error: walletErrors.unsupportedChain }
  const calls = request.calls ?? []
  if (calls.length === 0 || calls.some((call) => !call.to))
    return {
      error: walletErrors.invalidParams(
        'calls must hold at least one call, each with a `to`',
      ),
    }
  if (calls.length > gasDelegateMaxCalls)
    return { error: walletErrors.bundleTooLarge }
  const required = [
    request.capabilities,
    ...calls.map((call) => call.capabilities),
  ]
    .flatMap((capabilities) => Object.entries(capabilities ?? {}))
    .find(([, capability]) => !capability?.optional)
  if (required)
    return {
      error: walletErrors.unsupportedNonOptionalCapability(required[0]),
    }
  const id = request.id ?? toHex(randomBytes(32))
  if (ledger.has(id)) return { error: walletErrors.duplicateId }

  const client = clientOf(chainId)
  const { to, data, authorizationList } = await gasDelegateBatch(
    client,
    account,
    {
      calls: calls.map((call) => ({
        to: call.to!,
        value: call.value === undefined ? 0n : hexToBigInt(call.value),
        data: call.data ?? '0x',
      })),
      sponsored: false,
      batchNonce: undefined,
      deadline: 0n,
    },
  )
  let gas: bigint
  try {
    gas = await client.estimateGas({ to, data, authorizationList })
  } catch {
    ledger.set(id, { chainId, hash: undefined })
    return { result: { id } }
  }
  const hash = await client.sendTransaction({
    to,
    data,
    authorizationList,
    gas,
  })
  ledger.set(id, { chainId, hash })
  return { result: { id } }
}

/**
 * `wallet_getCallsStatus`, read from the chain: 100 until the batch's
 * transaction is mined, then 200 (every call ran) or 500 (it reverted:
 * none did); 400 for a batch whose simulation reverted, never sent.
 */
export async function getCallsStatus(
  params: unknown,
  { clientOf, ledger }: Pick<CallsContext, 'clientOf' | 'ledger'>,
): Promise<RequestAnswer> {
  const [id] = (params ?? []) as [unknown]
  const sent = typeof id === 'string' ? ledger.get(id) : undefined
  if (!sent) return { error: walletErrors.unknownBundleId }
  const status = {
    version: '2.0.0',
    id,
    chainId: numberToHex(sent.chainId),
    atomic: true,
  }
  if (!sent.hash) return { result: { ...status, status: 400 } }
  const receipt = await clientOf(sent.chainId)
    .getTransactionReceipt({ hash: sent.hash })
    .catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined
      throw error
    })
  if (!receipt) return { result: { ...status, status: 100 } }
  return {
    result: {
      ...status,
      status: receipt.status === 'success' ? 200 : 500,
      receipts: [rpcReceipt(receipt)],
    },
  }
}

/** A receipt as EIP-5792 carries it: quantities in hex. */
const rpcReceipt = (receipt: TransactionReceipt) => ({
  logs: receipt.logs.map(({ address, data, topics }) => ({
    address,
    data,
    topics,
  })),
  status: receipt.status === 'success' ? '0x1' : '0x0',
  blockHash: receipt.blockHash,
  blockNumber: numberToHex(receipt.blockNumber),
  gasUsed: numberToHex(receipt.gasUsed),
  transactionHash: receipt.transactionHash,
})
