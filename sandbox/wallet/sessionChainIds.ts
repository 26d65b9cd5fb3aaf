import type { SessionTypes } from '@walletconnect/types'
import { parseChainId } from '@walletconnect/utils'

/** The eip155 chain ids a session approved, in the session's order. */
export function sessionChainIds(session: SessionTypes.Struct): number[] {
  return (session.namespaces.eip155?.chains ?? []).map((chain) =>
    Number(parseChainId(chain).reference),
  )
}
