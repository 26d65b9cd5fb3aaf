import { createSupersession } from '../core/lifecycle.js'
import { RecoveryStepError } from './errors.js'

class SupersededError extends Error {}

/**
 * A flow's snapshot and its steps: each action runs from the steps it is
 * allowed in, shows a busy step while it works, then its result, or goes
 * back with the error. A reset abandons whatever is running.
 */
export function createStepRunner<
  snapshot extends { step: step; error: Error | undefined },
  step extends string = snapshot['step'],
>(initial: snapshot) {
  let snapshot = initial
  const listeners = new Set<() => void>()
  // Superseded by a reset: work that finishes afterwards changes nothing.
  const resets = createSupersession()

  function update(change: Partial<snapshot>) {
    snapshot = { ...snapshot, ...change }
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    update,
    /** Throws a RecoveryStepError unless the flow is at one of `steps`. */
    requireStep(action: string, ...steps: step[]) {
      if (!steps.includes(snapshot.step))
        throw new RecoveryStepError({ action, step: snapshot.step })
    },
    /**
     * Runs one step: `busy` while it works, its result after, or back to
     * `from` with the error. `throwIfReset()` throws once a reset happened:
     * call it after each await that is followed by a change.
     */
    async runStep(
      from: step | (() => step),
      busy: step,
      work: (throwIfReset: () => void) => Promise<Partial<snapshot>>,
    ) {
      const signal = resets.current()
      const throwIfReset = () => {
        if (signal.aborted) throw new SupersededError()
      }
      update({ step: busy, error: undefined } as Partial<snapshot>)
      try {
        const result = await work(throwIfReset)
        throwIfReset()
        update(result)
      } catch (error) {
        if (error instanceof SupersededError || signal.aborted) return
        update({
          step: typeof from === 'function' ? from() : from,
          error: error as Error,
        } as Partial<snapshot>)
        throw error
      }
    },
    /** Abandons the running step: its result and its error are dropped. */
    abandonRunning() {
      resets.supersede()
    },
  }
}
