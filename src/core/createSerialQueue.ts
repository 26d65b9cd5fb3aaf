/**
 * Runs tasks one at a time, in the order they came: a wallet puts one request
 * before its user at a time, and a browser allows one passkey prompt at a time.
 * A failed task does not stop the ones behind it. `clear` rejects every task
 * not settled yet, the running one too (the connection they were made on is
 * gone). After it, the next task starts at once (`afterClear: 'start-at-once'`:
 * a departed wallet may never answer), or once the abandoned task has really
 * ended (`'wait-for-running'`: the browser shows one passkey prompt at a time).
 */
export type SerialQueue = ReturnType<typeof createSerialQueue>

export function createSerialQueue({
  afterClear = 'start-at-once',
}: {
  afterClear?: 'start-at-once' | 'wait-for-running'
} = {}) {
  let tail: Promise<unknown> = Promise.resolve()
  const unsettled = new Set<(error: unknown) => void>()

  function enqueue<result>(task: () => Promise<result>) {
    return new Promise<result>((resolve, reject) => {
      let cancelled = false
      const cancel = (error: unknown) => {
        cancelled = true
        reject(error)
      }
      unsettled.add(cancel)
      tail = tail.then(async () => {
        if (cancelled) return
        try {
          resolve(await task())
        } catch (error) {
          reject(error)
        } finally {
          unsettled.delete(cancel)
        }
      })
    })
  }

  function clear(error: unknown) {
    for (const cancel of unsettled) cancel(error)
    unsettled.clear()
    if (afterClear === 'start-at-once') tail = Promise.resolve()
  }

  return { enqueue, clear }
}
