import type { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { sessionChainIds } from './sessionChainIds.js'

/**
 * Emits a session event on `chainId`. The SDK only emits on chains the session
 * approved, so an event about any other chain (or about no chain) goes out on
 * the session's first chain; the event's data says what changed.
 */
export async function emitSessionEvent(
  client: InstanceType<typeof SignClient>,
  session: SessionTypes.Struct,
  event: { name: string; data: unknown },
  chainId?: number,
) {
  const approved = sessionChainIds(session)
  const on =
    chainId !== undefined && approved.includes(chainId) ? chainId : approved[0]
  await client.emit({ topic: session.topic, event, chainId: `eip155:${on}` })
}
