export type Fault =
  | { kind: 'http500' }
  | { kind: 'http429' }
  | { kind: 'delay'; ms: number }
  | { kind: 'consensus' }
  | { kind: 'failed' }
  /** The activity stays PENDING until `get_activity` has been asked `polls` times. */
  | { kind: 'pending'; polls: number }

/** Test switches: the next `count` requests to a path meet a fault. Off unless armed. */
export class Faults {
  private readonly armed = new Map<
    string,
    { fault: Fault; remaining: number }[]
  >()

  arm(path: string, fault: Fault, count = 1) {
    const queue = this.armed.get(path) ?? []
    queue.push({ fault, remaining: count })
    this.armed.set(path, queue)
  }

  /** The fault the next request to `path` meets, if any. */
  take(path: string): Fault | undefined {
    const queue = this.armed.get(path)
    const next = queue?.[0]
    if (!next) return undefined
    if (--next.remaining <= 0) queue.shift()
    return next.fault
  }

  clear() {
    this.armed.clear()
  }
}
