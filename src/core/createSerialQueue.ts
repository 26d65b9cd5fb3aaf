/**
 * Runs tasks one at a time, in the order they came: a wallet puts one request
 * before its user at a time, and a browser allows one passkey prompt at a time.
 * A failed task does not stop the ones behind it.
 */
export function createSerialQueue() {
  let last: Promise<unknown> = Promise.resolve()
  return function enqueue<result>(task: () => Promise<result>) {
    const run = last.then(task)
    last = run.catch(() => undefined)
    return run
  }
}
