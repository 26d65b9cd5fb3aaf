/** The emulator's time; tests move it forward to expire keys and sessions. */
export type Clock = { now(): number; advance(ms: number): void }

export function createClock(): Clock {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError('The clock only moves forward.')
      offset += ms
    },
  }
}
