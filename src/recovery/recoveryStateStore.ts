import type { Storage } from '@wagmi/core'
import {
  isRecoverySessionActive,
  parseRecoveryState,
  type RecoveryState,
} from './recoveryState.js'

export type RecoveryStateStore = {
  /** The stored recovery, if it is still active; anything else is cleared. */
  load(): Promise<RecoveryState | undefined>
  save(state: RecoveryState): Promise<void>
  clear(): Promise<void>
}

/**
 * Keeps the recovery state in wagmi's storage under `<key>.recovery`. An
 * expired, foreign or garbage value is removed when read: on load and on use.
 */
export function createRecoveryStateStore({
  storage,
  key,
  now = () => Math.floor(Date.now() / 1000),
}: {
  storage: Storage | null | undefined
  key: string
  now?: () => number
}): RecoveryStateStore {
  const storageKey = `${key}.recovery`
  async function clear() {
    try {
      await storage?.removeItem(storageKey)
    } catch {
      // Nothing can be kept there either.
    }
  }
  return {
    async load() {
      let raw: unknown
      try {
        raw = await storage?.getItem(storageKey)
      } catch {
        // Unreadable (not JSON, storage failing): nothing to trust.
        await clear()
        return undefined
      }
      if (raw === null || raw === undefined) return undefined
      const state = parseRecoveryState(raw)
      if (state && isRecoverySessionActive(state, now())) return state
      await clear()
      return undefined
    },
    async save(state) {
      const valid = parseRecoveryState(state)
      if (!valid)
        throw new TypeError('Refusing to store an invalid recovery state.')
      await storage?.setItem(storageKey, valid)
    },
    clear,
  }
}
