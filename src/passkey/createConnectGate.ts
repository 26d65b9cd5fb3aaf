import { RequestRefusedError } from '../core/connectionErrors.js'

type Kind = 'sign-up' | 'log-in'

/**
 * One connect ceremony at a time: the same kind asked again (a second click)
 * joins the one waiting for the passkey; the other kind is refused until it
 * ends. `release()` lets go of the waiting one (a disconnect), so the next
 * connect prompts anew.
 */
export function createConnectGate<result>() {
  let waiting: { kind: Kind; promise: Promise<result> } | undefined
  return {
    enter(kind: Kind, start: () => Promise<result>): Promise<result> {
      if (waiting && waiting.kind !== kind)
        throw new RequestRefusedError({
          details: `a ${waiting.kind} is already waiting for the passkey`,
        })
      if (!waiting) {
        const promise = start().finally(() => {
          // A disconnect let go of it already, and a newer ceremony may be waiting.
          if (waiting?.promise === promise) waiting = undefined
        })
        waiting = { kind, promise }
      }
      return waiting.promise
    },
    release() {
      waiting = undefined
    },
  }
}
