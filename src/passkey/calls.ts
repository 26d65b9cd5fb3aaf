import {
  type Address,
  BundleTooLargeError,
  type Chain,
  type EIP1193RequestFn,
  type Hex,
  hexToBigInt,
  hexToNumber,
  hexToString,
  InvalidAddressError,
  InvalidParamsRpcError,
  isAddress,
  isHex,
  numberToHex,
  stringToHex,
  UnknownBundleIdError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
} from 'viem'
import { withDeadline } from '../core/deadlines.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import {
  grpcCode,
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import { type ChainMark, findOnChain, markOnChain } from './batchOnChain.js'
import { SponsorshipRefusedError, TransactionNotSentError } from './errors.js'
import type { Sponsorship } from './passkeyParameters.js'

/*
 * passkeyWallet on the vendor's transaction management: its EIP-5792 calls
 * (version 2.0.0), one `eth_send_transaction` per batch, which the vendor
 * runs as one EIP-7702 batch through its Gas Station (all calls or none),
 * paid by the user or, on the chains the host names, sponsored; and a session key's
 * `eth_sendTransaction`, which the vendor signs and broadcasts at once.
 * Loaded with the first `wallet_*` call request or session key's
 * transaction: connecting and signing need none of it.
 */

/** The chains the vendor's `eth_send_transaction` runs on (its `caip2` list). */
const vendorChainIds = new Set([
  1, 10, 56, 97, 137, 143, 4217, 8453, 10143, 42161, 42431, 80002, 84532,
  421614, 11155111, 11155420,
])
const maxCalls = 50
const version = '2.0.0'

export type CallsContext = {
  chains: readonly Chain[]
  /** The connected account and its sub-organization. */
  connection: { organizationId: string; address: Address }
  vendor: VendorClient
  /** Who authorises the request: the session key within its scope, else the passkey. */
  stamper(): Stamper
  /** Throws 4100 unless `address` is the connected account's. */
  signerOf(address: unknown): unknown
  /** Reads on a configured chain, through the host's wagmi transport. */
  chainRequest(chainId: number): EIP1193RequestFn
  sponsorship: Sponsorship
}

type Call = { to: Address; data?: Hex | undefined; value?: bigint }

/** Answers `wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus` and `wallet_showCallsStatus`. */
export function answerCallsRequest(
  method: string,
  args: unknown[],
  context: CallsContext,
): Promise<unknown> {
  switch (method) {
    case 'wallet_getCapabilities':
      return Promise.resolve(capabilities(args, context))
    case 'wallet_sendCalls':
      return sendCalls(args[0], context)
    case 'wallet_getCallsStatus':
      return callsStatus(args[0], context)
    default:
      // The wallet has no window of its own to show a batch in.
      return Promise.reject(
        new UnsupportedProviderMethodError(
          new Error(
            'passkeyWallet has no window of its own: show the batch’s status (useCallsStatus) in your app.',
          ),
          { method },
        ),
      )
  }
}

const callChains = ({ chains }: CallsContext) =>
  chains.filter((chain) => vendorChainIds.has(chain.id))

/**
 * Per chain the vendor runs transactions on: `atomic` (every batch is one
 * EIP-7702 transaction, all calls or none) and, when the host turned it on,
 * `sponsorship` (the wallet asks its Gas Station to pay the fee there).
 */
function capabilities([address, chainIds]: unknown[], context: CallsContext) {
  if (address !== undefined) context.signerOf(address)
  const asked = Array.isArray(chainIds)
    ? new Set(chainIds.map((id) => (isHex(id) ? hexToNumber(id) : undefined)))
    : undefined
  return Object.fromEntries(
    callChains(context)
      .filter((chain) => !asked || asked.has(chain.id))
      .map((chain) => [
        numberToHex(chain.id),
        {
          atomic: { status: 'supported' },
          ...(sponsors(chain.id, context) && {
            sponsorship: { supported: true },
          }),
        },
      ]),
  )
}

const invalid = (reason: string) =>
  new InvalidParamsRpcError(new Error(`wallet_sendCalls: ${reason}`))

/** Refuses a capability the app requires (not `optional`) that this wallet does not have. */
function checkCapabilities(capabilities: unknown, where: string) {
  if (capabilities === undefined) return
  if (typeof capabilities !== 'object' || capabilities === null)
    throw invalid(`${where} must be an object`)
  for (const [name, value] of Object.entries(capabilities))
    if ((value as { optional?: unknown } | null)?.optional !== true)
      throw new UnsupportedNonOptionalCapabilityError(
        new Error(
          `passkeyWallet does not support the capability ${name} (${where}); mark it optional to send without it.`,
        ),
      )
}

function readCalls(value: unknown): Call[] {
  if (!Array.isArray(value) || value.length === 0)
    throw invalid('calls must list at least one call')
  if (value.length > maxCalls)
    throw new BundleTooLargeError(
      new Error(`the vendor runs at most ${maxCalls} calls in one batch`),
    )
  return value.map((call: Record<string, unknown>, index) => {
    const where = `calls[${index}]`
    if (typeof call !== 'object' || call === null)
      throw invalid(`${where} must be an object`)
    if (typeof call.to !== 'string' || !isAddress(call.to, { strict: false }))
      throw invalid(
        `${where}.to must be an address (a batch cannot deploy a contract)`,
      )
    // As viem's own actions: a mixed-case address must carry its EIP-55 checksum.
    if (!isAddress(call.to)) throw new InvalidAddressError({ address: call.to })
    if (
      call.data !== undefined &&
      !(isHex(call.data) && call.data.length % 2 === 0)
    )
      throw invalid(`${where}.data must be 0x-prefixed bytes`)
    if (call.value !== undefined && !isHex(call.value))
      throw invalid(`${where}.value must be a 0x-prefixed quantity`)
    checkCapabilities(call.capabilities, `${where}.capabilities`)
    return {
      to: call.to,
      data: call.data as Hex | undefined,
      ...(call.value !== undefined && { value: hexToBigInt(call.value) }),
    }
  })
}

/** Whether the wallet asks the app's Gas Station to pay on this chain. */
const sponsors = (chainId: number, { sponsorship }: CallsContext) =>
  typeof sponsorship === 'boolean'
    ? sponsorship
    : sponsorship.chainIds.includes(chainId)

/**
 * The id a batch is known by: its chain and the vendor's status id, and for
 * a passkey's batch where to find it on the chain, so that it outlives the page.
 */
const toCallsId = (chainId: number, statusId: string, mark?: ChainMark) =>
  stringToHex(
    [
      chainId,
      statusId,
      ...(mark ? [mark.nonce, mark.fromBlock, mark.sentAt] : []),
    ].join(':'),
  )

function fromCallsId(id: unknown, context: CallsContext) {
  const unknown = () =>
    new UnknownBundleIdError(
      new Error(`passkeyWallet sent no batch with the id ${String(id)}.`),
    )
  if (typeof id !== 'string' || !isHex(id) || id.length > 512) throw unknown()
  const [chain, statusId, ...marked] = hexToString(id).split(':')
  const chainId = Number(chain)
  const [nonce, fromBlock, sentAt] = marked.map(Number)
  if (
    !statusId ||
    !Number.isSafeInteger(chainId) ||
    !callChains(context).some((c) => c.id === chainId) ||
    (marked.length !== 0 &&
      (marked.length !== 3 ||
        ![nonce, fromBlock, sentAt].every(
          (n) => Number.isSafeInteger(n) && n! >= 0,
        )))
  )
    throw unknown()
  const mark =
    marked.length === 3
      ? { nonce: nonce!, fromBlock: fromBlock!, sentAt: sentAt! }
      : undefined
  return { chainId, statusId, mark, unknown }
}

async function sendCalls(value: unknown, context: CallsContext) {
  if (typeof value !== 'object' || value === null)
    throw invalid('expects one object of parameters')
  const request = value as Record<string, unknown>
  if (request.version !== version)
    throw invalid(
      `passkeyWallet speaks version ${version}, not ${String(request.version)}`,
    )
  if (request.id !== undefined)
    throw invalid(
      'passkeyWallet names each batch itself (an id that outlives the page); leave id out',
    )
  if (typeof request.atomicRequired !== 'boolean')
    throw invalid('atomicRequired must be true or false')
  if (request.from !== undefined) context.signerOf(request.from)
  const chainId = isHex(request.chainId)
    ? hexToNumber(request.chainId)
    : Number.NaN
  const supported = callChains(context)
  if (!supported.some((c) => c.id === chainId))
    throw new UnsupportedChainIdError(
      new Error(
        `passkeyWallet sends calls on ${supported
          .map((c) => `${c.name} (${c.id})`)
          .join(', ')}, not on chain ${String(request.chainId)}.`,
      ),
    )
  const calls = readCalls(request.calls)
  checkCapabilities(request.capabilities, 'capabilities')
  // Every batch is atomic: one transaction, all calls or none.
  const sponsor = sponsors(chainId, context)
  const stamper = context.stamper()
  // A passkey's batch the user pays for is found on the chain afterwards (a
  // vendor read would be one more prompt); marked beside the prompt.
  const marking =
    stamper.kind === 'passkey' && !sponsor
      ? markOnChain(context.chainRequest(chainId), context.connection.address)
      : undefined
  const statusId = await submitSend(context, chainId, calls, sponsor, stamper)
  const id = toCallsId(chainId, statusId, await marking?.catch(() => undefined))
  sentCalls.set(id, calls)
  return { id }
}

/** One `eth_send_transaction` on `chainId`: the vendor's status id of what it sends. */
async function submitSend(
  context: CallsContext,
  chainId: number,
  calls: Call[],
  sponsor: boolean,
  stamper: Stamper,
): Promise<string> {
  const { connection } = context
  let result: { sendTransactionStatusId?: unknown }
  try {
    result = await context.vendor.submit(
      'eth_send_transaction',
      {
        type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
        organizationId: connection.organizationId,
        parameters: {
          from: connection.address,
          caip2: `eip155:${chainId}`,
          // Always said: a scope that bounds sponsorship reads it.
          sponsor,
          calls: calls.map(({ to, data, value }) => ({
            to,
            ...(data !== undefined && { data }),
            ...(value !== undefined && { value: value.toString() }),
          })),
        },
        resultKey: 'ethSendTransactionResultV2',
      },
      stamper,
    )
  } catch (error) {
    if (
      sponsor &&
      error instanceof VendorRequestError &&
      error.vendorCode === grpcCode.failedPrecondition
    )
      throw new SponsorshipRefusedError({
        reason: error.vendorMessage,
        cause: error,
      })
    throw error
  }
  const statusId = result?.sendTransactionStatusId
  if (typeof statusId !== 'string' || statusId === '')
    throw unexpectedVendorAnswer('malformed eth_send_transaction result')
  return statusId
}

/** What `eth_sendTransaction` asks, as viem reads it. */
export type TransactionAsked = {
  to?: Address | null | undefined
  data?: Hex | undefined
  value?: bigint | undefined
  nonce?: number | undefined
  type?: string | undefined
  gasPrice?: bigint | undefined
  accessList?: readonly unknown[] | undefined
  authorizationList?: readonly unknown[] | undefined
}

/** How long the vendor has to name the transaction it broadcast. */
const broadcastDeadlineMs = 60_000
/**
 * Between status reads: a session key's are silent; a passkey's (the key
 * ended mid-send) are prompts, so fewer.
 */
const statusPollMs = { session: 250, passkey: 1500 } as const

/**
 * `eth_sendTransaction` through the vendor's transaction management, which
 * broadcasts it at once: a session key never hands the page a signed
 * transaction it could keep for later. The hash once the vendor names it;
 * `undefined` where the vendor cannot send it as asked (a chain it does not
 * serve, a nonce of the app's choosing, a contract creation, a legacy gas
 * price, an access or authorization list) or with no session key to send
 * it, which the caller then has the passkey sign.
 */
export async function sendThroughVendor(
  transaction: TransactionAsked,
  chainId: number,
  context: CallsContext,
): Promise<Hex | undefined> {
  const { to, data, value, nonce, type, gasPrice } = transaction
  if (
    !callChains(context).some((chain) => chain.id === chainId) ||
    !to ||
    nonce !== undefined ||
    gasPrice !== undefined ||
    (type !== undefined && type !== 'eip1559') ||
    transaction.accessList?.length ||
    transaction.authorizationList !== undefined
  )
    return undefined
  const stamper = context.stamper()
  if (stamper.kind !== 'session') return undefined
  // Refused (out of its scope, or no longer valid), the key gives way to the
  // passkey's own signature: one prompt, where a send stamped by the passkey
  // would need the passkey again to read what it sent.
  stamper.fallsBack = false
  let statusId: string
  try {
    statusId = await submitSend(
      context,
      chainId,
      [{ to, data, ...(value !== undefined && { value }) }],
      false,
      stamper,
    )
  } catch (error) {
    if (
      error instanceof VendorRequestError &&
      (error.status === 401 || error.status === 403)
    )
      return undefined
    throw error
  }
  return withDeadline(
    broadcastDeadlineMs,
    (signal) => broadcastHash(statusId, context, signal),
    () =>
      new TransactionNotSentError({
        reason: `the vendor named no broadcast transaction within ${broadcastDeadlineMs / 1000} s; it may still send it (status ${statusId})`,
      }),
  )
}

/** The hash of the transaction the vendor broadcast for `statusId`, read until it has one. */
async function broadcastHash(
  statusId: string,
  context: CallsContext,
  signal: AbortSignal,
) {
  for (;;) {
    signal.throwIfAborted()
    // The vendor broadcasts after it answers: a passkey's read waits for it first.
    if (context.stamper().kind === 'passkey')
      await new Promise((resolve) => setTimeout(resolve, statusPollMs.passkey))
    const status = await readStatus(statusId, context)
    // Sent, even if it then reverts: the app reads that in its receipt.
    const hash = status?.eth?.txHash
    if (typeof hash === 'string' && isHex(hash) && hash.length === 66)
      return hash
    if (failed.has(String(status?.txStatus)))
      throw new TransactionNotSentError({ reason: failureReason(status) })
    if (context.stamper().kind === 'session')
      await new Promise((resolve) => setTimeout(resolve, statusPollMs.session))
  }
}

const readStatus = (statusId: string, context: CallsContext) =>
  context.vendor.query<VendorStatus>(
    'get_send_transaction_status',
    {
      organizationId: context.connection.organizationId,
      sendTransactionStatusId: statusId,
    },
    context.stamper(),
  )

type VendorStatus = {
  txStatus?: unknown
  eth?: { txHash?: unknown }
  txError?: unknown
  error?: {
    message?: unknown
    revertChain?: {
      displayMessage?: unknown
      custom?: { errorName?: unknown; paramsJson?: unknown }
    }[]
  }
}

type RpcReceipt = {
  logs: { address: Address; data: Hex; topics: Hex[] }[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

// The vendor's terminal states, as its own client reads them; anything else is on its way.
const succeeded = new Set(['INCLUDED', 'COMPLETED'])
const failed = new Set(['FAILED', 'CANCELLED'])

/**
 * Each batch's transaction, once the vendor named it: from then on the chain
 * alone answers (a receipt is final), and the vendor, whose every read needs
 * a stamp (a prompt, without a session key), is not asked again.
 */
const sentAs = new Map<string, Hex>()
/** What this page sent under each batch id: a transaction found on the chain must carry it. */
const sentCalls = new Map<string, Call[]>()

async function callsStatus(id: unknown, context: CallsContext) {
  const { chainId, statusId, mark, unknown } = fromCallsId(id, context)
  const answer = (
    code: number,
    receipt: RpcReceipt | null,
    extra: Record<string, unknown> = {},
  ) => ({
    version,
    id,
    chainId: numberToHex(chainId),
    status: code,
    atomic: true,
    receipts: receipt ? [formatReceipt(receipt)] : [],
    ...extra,
  })
  const readReceipt = async (hash: Hex) =>
    (await context.chainRequest(chainId)({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as RpcReceipt | null
  // Without a session key every vendor read is a prompt: a marked batch is looked for on the chain.
  const onChain = mark && context.stamper().kind === 'passkey'
  if (onChain && !sentAs.has(id as string)) {
    const found = await findOnChain({
      id: id as string,
      mark,
      address: context.connection.address,
      calls: sentCalls.get(id as string),
      request: context.chainRequest(chainId),
    })
    if (found === 'pending') return answer(100, null)
    if (found) sentAs.set(id as string, found)
  }
  const known = sentAs.get(id as string)
  if (known) {
    const receipt = await readReceipt(known)
    if (!receipt) return answer(100, null)
    if (receipt.status === '0x1') return answer(200, receipt)
    if (onChain)
      return answer(500, receipt, {
        capabilities: {
          failure: { reason: 'the transaction reverted on chain' },
        },
      })
    // Reverted: the vendor is asked once more, for its account of why.
    sentAs.delete(id as string)
  }
  let status: VendorStatus
  try {
    status = await readStatus(statusId, context)
  } catch (error) {
    if (
      error instanceof VendorRequestError &&
      (error.status === 404 || error.vendorCode === grpcCode.notFound)
    )
      throw unknown()
    throw error
  }
  const txStatus = String(status?.txStatus)
  const hash = status?.eth?.txHash
  const sent = typeof hash === 'string' && isHex(hash) ? hash : undefined
  const receipt = sent ? await readReceipt(sent) : null
  if (failed.has(txStatus))
    return answer(receipt ? 500 : 400, receipt, {
      capabilities: { failure: { reason: failureReason(status) } },
    })
  if (sent) sentAs.set(id as string, sent)
  // Confirmed once the page's own chain has the receipt, so that the app reads what it confirms.
  if (receipt && succeeded.has(txStatus)) return answer(200, receipt)
  return answer(100, null)
}

function formatReceipt(receipt: RpcReceipt) {
  const { logs, status, blockHash, blockNumber, gasUsed, transactionHash } =
    receipt
  return {
    logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status,
    blockHash,
    blockNumber,
    gasUsed,
    transactionHash,
  }
}

/** The vendor's account of a failed batch, as one sentence: the innermost revert it decoded, else its message. */
function failureReason({ error, txError }: VendorStatus) {
  const innermost = error?.revertChain?.at(-1)
  const custom = innermost?.custom
  if (typeof custom?.errorName === 'string')
    return `${custom.errorName}${typeof custom.paramsJson === 'string' ? ` ${custom.paramsJson}` : ''}`
  if (typeof innermost?.displayMessage === 'string')
    return innermost.displayMessage
  if (typeof error?.message === 'string') return error.message
  return typeof txError === 'string' ? txError : 'the vendor gave no reason'
}
