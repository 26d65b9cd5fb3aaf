import {
  type RecoveryType,
  recoverySessionSeconds,
} from '../turnkey/hostBackendContract.js'

/** Where a recovery stands; public data only, never the code or a key. */
export type RecoveryState = {
  type: RecoveryType
  userId: string
  /** Unix seconds. */
  createdAt: number
  sessionExpirationSeconds: number
}

/**
 * A recovery session is active only for email recovery (passkey recovery's
 * key signs one activity), and only until its expiration has passed since it
 * was created.
 */
export function isRecoverySessionActive(
  state: RecoveryState,
  nowSeconds: number,
) {
  const age = nowSeconds - state.createdAt
  return (
    state.type === 'email' && age >= 0 && age < state.sessionExpirationSeconds
  )
}

/** A stored value as a RecoveryState, or `undefined` when it is not one. */
export function parseRecoveryState(value: unknown): RecoveryState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { type, userId, createdAt, sessionExpirationSeconds } = value as Record<
    string,
    unknown
  >
  if (type !== 'email' && type !== 'passkey') return undefined
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > 128)
    return undefined
  if (
    typeof createdAt !== 'number' ||
    !Number.isSafeInteger(createdAt) ||
    createdAt <= 0
  )
    return undefined
  if (
    typeof sessionExpirationSeconds !== 'number' ||
    !Number.isSafeInteger(sessionExpirationSeconds) ||
    sessionExpirationSeconds <= 0 ||
    sessionExpirationSeconds > recoverySessionSeconds
  )
    return undefined
  return { type, userId, createdAt, sessionExpirationSeconds }
}
