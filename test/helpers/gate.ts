/**
 * Holds work open until `release()`: `hold(run)` waits, then runs it (a
 * `vi.mock` factory returns `hold(original)` to hold a module's import; a
 * storage's `setItem` holds a write), and `entered` settles at the first hold.
 */
export type Gate = {
  hold<value>(run: () => value | Promise<value>): Promise<value>
  entered: Promise<void>
  release(): void
}

export function createGate(): Gate {
  let release!: () => void
  let enter!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const entered = new Promise<void>((resolve) => {
    enter = resolve
  })
  return {
    async hold(run) {
      enter()
      await held
      return run()
    },
    entered,
    release,
  }
}
