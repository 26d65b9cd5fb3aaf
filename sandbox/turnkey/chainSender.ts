import {
  type Abi,
  type Address,
  BaseError,
  type Chain,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  type Hex,
  HttpRequestError,
  http,
  type PublicClient,
  toFunctionSelector,
  zeroAddress,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { compileContracts } from '../contracts/compileContracts.js'
import { type Call, gasDelegateBatch } from '../contracts/gasDelegateBatch.js'
import type { gasSponsor } from '../contracts/gasStationAddresses.js'
import { unavailable } from './VendorError.js'

/** The sandbox's chains the emulator sends to: JSON-RPC URL by chain id. */
export type ChainUrls = Readonly<Record<number, string>>

/** The vendor's `v1RevertChainEntry`. */
type RevertChainEntry = {
  address: string
  errorType: 'unknown' | 'native' | 'custom'
  displayMessage: string
  unknown?: { selector?: string; data: string }
  native?: { nativeType: string; message?: string; panicCode?: string }
  custom?: { errorName: string; paramsJson: string }
}

/** The vendor's `v1TxError`. */
export type TxError = {
  message: string
  revertChain?: RevertChainEntry[]
  eth?: { revertChain: RevertChainEntry[] }
}

/** A prepared transaction, or the revert that a simulation of it met. */
export type Prepared =
  | { ok: true; gas: bigint; maxFeePerGas: bigint; send(): Promise<Hex> }
  | { ok: false; error: TxError }

/** Gas of an undelegation: one authorization and a call to an account without code. */
const undelegationGas = 100_000n

const clients = new Map<string, PublicClient>()
// One sender's transactions leave one at a time, so no two take the same nonce.
const sendQueues = new Map<string, Promise<unknown>>()

function chainOf(chainId: number, url: string): Chain {
  return defineChain({
    id: chainId,
    name: `sandbox ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
}

export function publicClientFor(chainId: number, url: string): PublicClient {
  let client = clients.get(url)
  if (!client) {
    client = createPublicClient({
      chain: chainOf(chainId, url),
      transport: http(url),
      pollingInterval: 100,
    }) as PublicClient
    clients.set(url, client)
  }
  return client
}

function queued<result>(
  url: string,
  sender: Address,
  work: () => Promise<result>,
) {
  const key = `${url} ${sender.toLowerCase()}`
  const next = (sendQueues.get(key) ?? Promise.resolve()).then(work, work)
  sendQueues.set(
    key,
    next.catch(() => {}),
  )
  return next
}

type Fees = {
  nonce?: number | undefined
  gas?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

/** A single call from the account, as an EIP-1559 transaction it signs and pays for. */
export async function prepareCall(
  client: PublicClient,
  account: PrivateKeyAccount,
  call: Call,
  fees: Fees,
): Promise<Prepared> {
  return prepare(client, account, {
    to: call.to,
    value: call.value,
    data: call.data,
    ...fees,
  })
}

/** A batch the account signed, run by its gas delegate (gasDelegateBatch), as a transaction prepared to send. */
export async function prepareBatch(
  client: PublicClient,
  account: PrivateKeyAccount,
  { fees, ...batch }: Parameters<typeof gasDelegateBatch>[2] & { fees: Fees },
): Promise<Prepared> {
  const { sender, ...request } = await gasDelegateBatch(client, account, batch)
  return prepare(client, sender, { ...request, ...fees })
}

/** The account's EIP-7702 delegation cleared: an authorization to the zero address, sent and paid by the account. */
export function prepareUndelegation(
  client: PublicClient,
  account: PrivateKeyAccount,
  fees: Fees,
): Promise<Prepared> {
  return (async () => {
    const nonce =
      fees.nonce ??
      (await client.getTransactionCount({
        address: account.address,
        blockTag: 'pending',
      }))
    const authorization = await account.signAuthorization({
      address: zeroAddress,
      chainId: client.chain!.id,
      nonce: nonce + 1,
    })
    return prepare(client, account, {
      to: account.address,
      authorizationList: [authorization],
      ...fees,
      nonce,
      gas: fees.gas ?? undelegationGas,
    })
  })()
}

type Request = {
  to: Address
  value?: bigint | undefined
  data?: Hex | undefined
  authorizationList?:
    | Awaited<ReturnType<PrivateKeyAccount['signAuthorization']>>[]
    | undefined
} & Fees

/** The chain's node did not answer (a transport failure, not a revert). */
const unreachable = (error: unknown) =>
  error instanceof BaseError &&
  error.walk((cause) => cause instanceof HttpRequestError) !== null

const chainUnavailable = () =>
  unavailable('the chain is unreachable: nothing was sent; try again')

/**
 * Simulates the transaction (its gas estimate); a revert is answered with
 * its decoded chain instead, and a node that does not answer with 503.
 */
async function prepare(
  client: PublicClient,
  account: PrivateKeyAccount | typeof gasSponsor,
  request: Request,
): Promise<Prepared> {
  let gas = request.gas
  if (gas === undefined)
    try {
      gas =
        ((await client.estimateGas({
          account: account.address,
          to: request.to,
          value: request.value,
          data: request.data,
          authorizationList: request.authorizationList,
        })) *
          12n) /
        10n
    } catch (error) {
      if (unreachable(error)) throw chainUnavailable()
      return {
        ok: false,
        error: await revertOf(client, account, request, error),
      }
    }
  const fees =
    request.maxFeePerGas === undefined
      ? await client.estimateFeesPerGas().catch((error: unknown) => {
          throw unreachable(error) ? chainUnavailable() : error
        })
      : {
          maxFeePerGas: request.maxFeePerGas,
          maxPriorityFeePerGas: request.maxPriorityFeePerGas ?? 0n,
        }
  const maxFeePerGas = fees.maxFeePerGas
  const maxPriorityFeePerGas =
    request.maxPriorityFeePerGas ?? fees.maxPriorityFeePerGas
  const wallet = createWalletClient({
    account,
    chain: client.chain,
    transport: http(client.transport.url as string),
  })
  return {
    ok: true,
    gas,
    maxFeePerGas,
    send: () =>
      queued(client.transport.url as string, account.address, async () => {
        for (let attempt = 1; ; attempt++)
          try {
            return await wallet.sendTransaction({
              to: request.to,
              value: request.value,
              data: request.data,
              authorizationList: request.authorizationList,
              gas,
              maxFeePerGas,
              maxPriorityFeePerGas,
              nonce: request.nonce,
              chain: client.chain,
            } as Parameters<typeof wallet.sendTransaction>[0])
          } catch (error) {
            // Another process's emulator may send for the same sponsor: a
            // nonce taken meanwhile is fetched again, unless it was given.
            if (
              request.nonce !== undefined ||
              attempt === 3 ||
              !/nonce/i.test((error as Error).message)
            )
              throw error
          }
      }),
  }
}

type Frame = {
  to?: string
  output?: string
  error?: string
  revertReason?: string
  calls?: Frame[]
}

/**
 * The revert of a simulated transaction, outermost contract first: each
 * frame of anvil's call trace that reverted, its revert data decoded with the
 * sandbox's contracts' errors (custom), `Error(string)` and `Panic(uint256)`
 * (native), or left raw (unknown).
 */
async function revertOf(
  client: PublicClient,
  account: { address: Address },
  request: Request,
  error: unknown,
): Promise<TxError> {
  const frames: { address: string; data: Hex }[] = []
  try {
    const trace = (await client.request({
      method: 'debug_traceCall' as 'eth_call',
      params: [
        {
          from: account.address,
          to: request.to,
          data: request.data,
          value:
            request.value === undefined
              ? undefined
              : `0x${request.value.toString(16)}`,
          authorizationList: request.authorizationList?.map((a) => ({
            address: a.address,
            chainId: `0x${a.chainId.toString(16)}`,
            nonce: `0x${a.nonce.toString(16)}`,
            r: a.r,
            s: a.s,
            yParity: `0x${(a.yParity ?? 0).toString(16)}`,
          })),
        },
        'latest',
        { tracer: 'callTracer' },
      ] as never,
    })) as Frame
    for (
      let frame: Frame | undefined = trace;
      frame?.error;
      frame = frame.calls?.find((call) => call.error)
    )
      frames.push({
        address: frame.to ?? request.to,
        data: (frame.output ?? '0x') as Hex,
      })
  } catch {
    // No trace: the estimate's error carries the outermost revert data only.
  }
  if (frames.length === 0)
    frames.push({ address: request.to, data: revertDataOf(error) })
  const revertChain = await Promise.all(
    frames.map(({ address, data }) => decodeRevert(address, data)),
  )
  const innermost = revertChain[revertChain.length - 1]!
  return {
    message: `execution reverted: ${innermost.displayMessage}`,
    revertChain,
    eth: { revertChain },
  }
}

function revertDataOf(error: unknown): Hex {
  for (
    let cause = error as { data?: unknown; cause?: unknown } | undefined;
    cause;
    cause = cause.cause as typeof cause
  )
    if (typeof cause.data === 'string' && cause.data.startsWith('0x'))
      return cause.data as Hex
  return '0x'
}

const errorStringSelector = toFunctionSelector('Error(string)')
const panicSelector = toFunctionSelector('Panic(uint256)')

async function decodeRevert(
  address: string,
  data: Hex,
): Promise<RevertChainEntry> {
  const selector = data.slice(0, 10)
  if (selector === errorStringSelector || selector === panicSelector) {
    const { errorName, args } = decodeErrorResult({ data })
    if (errorName === 'Error')
      return {
        address,
        errorType: 'native',
        displayMessage: String(args[0]),
        native: { nativeType: 'error_string', message: String(args[0]) },
      }
    return {
      address,
      errorType: 'native',
      displayMessage: `panic ${String(args[0])}`,
      native: { nativeType: 'panic', panicCode: String(args[0]) },
    }
  }
  if (data === '0x')
    return {
      address,
      errorType: 'native',
      displayMessage: 'execution reverted',
      native: { nativeType: 'execution_reverted' },
    }
  try {
    const { errorName, args, abiItem } = decodeErrorResult({
      abi: await knownErrors(),
      data,
    })
    const inputs = 'inputs' in abiItem ? abiItem.inputs : []
    const params = Object.fromEntries(
      inputs.map((input, index) => [
        input.name || String(index),
        jsonValue((args ?? [])[index]),
      ]),
    )
    const paramsJson = JSON.stringify(params)
    return {
      address,
      errorType: 'custom',
      displayMessage: `${errorName}(${paramsJson})`,
      custom: { errorName, paramsJson },
    }
  } catch {
    return {
      address,
      errorType: 'unknown',
      displayMessage: `unknown error ${selector}`,
      unknown: { selector, data },
    }
  }
}

const jsonValue = (value: unknown): unknown =>
  typeof value === 'bigint'
    ? value.toString()
    : Array.isArray(value)
      ? value.map(jsonValue)
      : value

let errors: Promise<Abi> | undefined
/** Every custom error of the sandbox's contracts: what the emulator can name. */
function knownErrors() {
  errors ??= compileContracts().then((contracts) =>
    Object.values(contracts).flatMap((contract) =>
      contract.abi.filter((item) => item.type === 'error'),
    ),
  )
  return errors
}
