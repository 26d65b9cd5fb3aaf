import { type CreateStorageParameters, createStorage } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { recoverySessionSeconds } from '../turnkey/hostBackendContract.js'
import { isRecoverySessionActive, type RecoveryState } from './recoveryState.js'
import { createRecoveryStateStore } from './recoveryStateStore.js'

type BaseStorage = NonNullable<CreateStorageParameters['storage']>
const now = 1_800_000_000
const state: RecoveryState = {
  type: 'email',
  userId: 'user-1',
  createdAt: now - 10,
  sessionExpirationSeconds: recoverySessionSeconds,
}

function store(initial: Record<string, string> = {}, at = now) {
  const raw = new Map(Object.entries(initial))
  const base: BaseStorage = {
    getItem: (key) => raw.get(key) ?? null,
    setItem: (key, value) => void raw.set(key, value),
    removeItem: (key) => void raw.delete(key),
  }
  return {
    raw,
    recovery: createRecoveryStateStore({
      storage: createStorage({ storage: base }),
      key: 'passkeyWallet',
      now: () => at,
    }),
  }
}

describe('recovery session (email recovery only, until it expires)', () => {
  it('is active for email recovery until 1800 s after it was created', () => {
    expect(isRecoverySessionActive(state, now)).toBe(true)
    expect(isRecoverySessionActive(state, state.createdAt + 1799)).toBe(true)
    expect(isRecoverySessionActive(state, state.createdAt + 1800)).toBe(false)
  })

  it('is never active for passkey recovery, nor before it was created', () => {
    expect(isRecoverySessionActive({ ...state, type: 'passkey' }, now)).toBe(
      false,
    )
    expect(isRecoverySessionActive(state, state.createdAt - 1)).toBe(false)
  })
})

describe('createRecoveryStateStore', () => {
  it('keeps public data only, and reads back an active recovery', async () => {
    const { raw, recovery } = store()
    await recovery.save(state)
    expect(JSON.parse(raw.get('wagmi.passkeyWallet.recovery')!)).toEqual(state)
    expect(await recovery.load()).toEqual(state)
  })

  it('clears an expired recovery when it is read', async () => {
    const { raw, recovery } = store({}, now + recoverySessionSeconds)
    await recovery.save(state)
    expect(await recovery.load()).toBeUndefined()
    expect(raw.has('wagmi.passkeyWallet.recovery')).toBe(false)
  })

  it.each([
    ['non-JSON', '{oops'],
    ['an unknown type', JSON.stringify({ ...state, type: 'sms' })],
    ['a missing user', JSON.stringify({ ...state, userId: undefined })],
    [
      'a string time',
      JSON.stringify({ ...state, createdAt: String(state.createdAt) }),
    ],
    [
      'a negative expiration',
      JSON.stringify({ ...state, sessionExpirationSeconds: -1 }),
    ],
    [
      'a passkey recovery (never a session)',
      JSON.stringify({ ...state, type: 'passkey' }),
    ],
  ])('discards %s', async (_, value) => {
    const { raw, recovery } = store({ 'wagmi.passkeyWallet.recovery': value })
    expect(await recovery.load()).toBeUndefined()
    expect(raw.has('wagmi.passkeyWallet.recovery')).toBe(false)
  })

  it('refuses to save an invalid state', async () => {
    const { raw, recovery } = store()
    await expect(recovery.save({ ...state, userId: '' })).rejects.toThrow(
      TypeError,
    )
    expect(raw.size).toBe(0)
  })
})
