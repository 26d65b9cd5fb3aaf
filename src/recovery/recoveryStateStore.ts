import type { Storage } from '@wagmi/core'
import { createValidatedStorage } from '../core/storage.js'
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
  const stored = createValidatedStorage<{ recovery: RecoveryState }>(
    storage,
    key,
    { recovery: parseRecoveryState },
  )
  return {
    async load() {
      const state = await stored.get('recovery')
      if (state && isRecoverySessionActive(state, now())) return state
      // An ended recovery is removed, not kept for the next load to read again.
      if (state) await stored.remove('recovery')
      return undefined
    },
    save: (state) => stored.set('recovery', state),
    clear: () => stored.remove('recovery'),
  }
}
