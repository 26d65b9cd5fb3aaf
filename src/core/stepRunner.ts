import { BaseError } from './errors.js'
import { createSupersession } from './lifecycle.js'
import { createStore } from './store.js'

// A flow of steps the user goes through (recovery, export): its snapshot,
// which actions each step allows, a busy step while one works, and a reset
// that abandons whatever is running.

export type FlowStepErrorType = FlowStepError & { name: 'FlowStepError' }
/**
 * A recovery or export action was called when the flow could not take it:
 * out of order (a code before any email was sent, `confirm()` before
 * `request()`), or, with a reason, not offered here.
 */
export class FlowStepError extends BaseError {
  override name = 'FlowStepError'
  static get code() {
    return 'flow_step' as const
  }
  /** Which flow refused. */
  readonly flow: 'recovery' | 'export'
  /** The action called. */
  readonly action: string
  /** The step the flow was at. */
  readonly step: string
  constructor({
    flow,
    action,
    step,
    order,
    reason,
  }: {
    flow: 'recovery' | 'export'
    action: string
    step: string
    /** The actions in the order the flow takes them. */
    order: string
    /** Why, when it is not the order of the steps. */
    reason?: string | undefined
  }) {
    super(
      reason
        ? `${action}() cannot run: ${reason}.`
        : `${action}() cannot run while ${flow} is at "${step}".`,
      {
        code: FlowStepError.code,
        metaMessages: [`Follow the steps in order: ${order}.`],
      },
    )
    this.flow = flow
    this.action = action
    this.step = step
  }
}

/** A step a reset abandoned: it ends quietly, changing nothing. */
class SupersededError extends Error {}

/**
 * A flow's snapshot and its steps: each action runs from the steps it is
 * allowed in, shows a busy step while it works, then its result, or goes
 * back with the error. A reset abandons whatever is running.
 */
export function createStepRunner<
  snapshot extends { step: step; error: Error | undefined },
  step extends string = snapshot['step'],
>({
  first,
  flow,
  order,
}: {
  first: snapshot
  flow: 'recovery' | 'export'
  /** The actions in order, for the message of an action called out of it. */
  order: string
}) {
  const store = createStore(first)
  // Superseded by a reset: work that finishes afterwards changes nothing.
  const resets = createSupersession()

  function update(change: Partial<snapshot>) {
    store.set({ ...store.get(), ...change })
  }

  /** The error for `action` now; `reason` when it is not the order of the steps. */
  function refusal(action: string, reason?: string) {
    return new FlowStepError({
      flow,
      action,
      step: store.get().step,
      order,
      reason,
    })
  }

  return {
    getSnapshot: store.get,
    subscribe: store.subscribe,
    update,
    refusal,
    /** Throws a FlowStepError unless the flow is at one of `steps`. */
    requireStep(action: string, ...steps: step[]) {
      if (!steps.includes(store.get().step)) throw refusal(action)
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
    /** Abandons the running step: its result and its error are dropped. Returns the new step's signal. */
    abandonRunning() {
      return resets.supersede()
    },
  }
}
