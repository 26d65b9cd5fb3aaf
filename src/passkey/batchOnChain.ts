import {
  type Address,
  type EIP1193RequestFn,
  type Hex,
  hexToNumber,
  numberToHex,
} from 'viem'

/*
 * A batch the passkey sent, found on the chain rather than at the vendor:
 * every read of the vendor's status needs a stamp, and without a session key
 * a stamp is a prompt. The account's transactions are signed by the vendor
 * alone, so the one that carries the account's next nonce at the send is the
 * batch's (a batch the user pays for is sent from the account). Read through
 * the host's own transports, with no prompt.
 */

/** Where to look: the account's next nonce, the chain's head and the time at the send. */
export type ChainMark = { nonce: number; fromBlock: number; sentAt: number }

/** How long a batch may show nowhere, not even in the mempool, before the vendor is asked why. */
const unsentAfterSeconds = 15
/** Blocks read per status read, at most: a long wait is caught up over several reads. */
const blocksPerRead = 20

type Call = { to: Address; data?: Hex | undefined; value?: bigint }

/** The mark of a send about to happen, read beside its prompt (never before it: iOS drops a tap that waits). */
export async function markOnChain(
  request: EIP1193RequestFn,
  address: Address,
): Promise<ChainMark> {
  const [nonce, block] = await Promise.all([
    request({
      method: 'eth_getTransactionCount',
      params: [address, 'pending'],
    }),
    request({ method: 'eth_blockNumber' }),
  ])
  return {
    nonce: hexToNumber(nonce as Hex),
    fromBlock: hexToNumber(block as Hex),
    sentAt: Math.floor(Date.now() / 1000),
  }
}

/** The next block each batch's search reads, by batch id: a search picks up where the last read stopped. */
const searched = new Map<string, number>()

/**
 * The hash of the batch's transaction; `'pending'` while it is on its way;
 * `undefined` when the chain cannot tell (nothing sent in time, or another
 * transaction of the account took the nonce): then the vendor knows why.
 * `calls`, when this page sent the batch, must all be in the transaction.
 */
export async function findOnChain({
  id,
  mark,
  address,
  calls,
  request,
}: {
  id: string
  mark: ChainMark
  address: Address
  calls: readonly Call[] | undefined
  request: EIP1193RequestFn
}): Promise<Hex | 'pending' | undefined> {
  const count = async (tag: 'latest' | 'pending') =>
    hexToNumber(
      (await request({
        method: 'eth_getTransactionCount',
        params: [address, tag],
      })) as Hex,
    )
  const [mined, pending] = await Promise.all([
    count('latest'),
    count('pending'),
  ])
  if (mined <= mark.nonce)
    return pending > mark.nonce ||
      Date.now() / 1000 - mark.sentAt < unsentAfterSeconds
      ? 'pending'
      : undefined
  const head = hexToNumber(
    (await request({ method: 'eth_blockNumber' })) as Hex,
  )
  let next = searched.get(id) ?? mark.fromBlock
  for (const last = Math.min(head, next + blocksPerRead - 1); next <= last; ) {
    const block = (await request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(next), true],
    })) as { transactions?: RpcTransaction[] } | null
    if (!block) break
    const sent = block.transactions?.find(
      (tx) =>
        tx.from?.toLowerCase() === address.toLowerCase() &&
        hexToNumber(tx.nonce) === mark.nonce,
    )
    if (sent) {
      searched.delete(id)
      return !calls || carries(sent, calls) ? sent.hash : undefined
    }
    next++
  }
  searched.set(id, next)
  // Mined in a block not read yet, or past the head this node has.
  return next > head ? undefined : 'pending'
}

type RpcTransaction = {
  hash: Hex
  from?: Address
  to?: Address | null
  nonce: Hex
  input: Hex
}

/**
 * Whether `tx` runs these calls: one call as the transaction itself, or
 * several in a batch whose calldata holds each target and each call's data.
 */
function carries(tx: RpcTransaction, calls: readonly Call[]) {
  const input = tx.input.toLowerCase()
  const [only] = calls
  if (
    calls.length === 1 &&
    only &&
    tx.to?.toLowerCase() === only.to.toLowerCase()
  )
    return input === (only.data ?? '0x').toLowerCase()
  return calls.every(
    ({ to, data }) =>
      input.includes(to.slice(2).toLowerCase()) &&
      (!data || input.includes(data.slice(2).toLowerCase())),
  )
}
