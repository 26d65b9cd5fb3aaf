// @vitest-environment happy-dom
import { expect } from 'vitest'
import type { RecoveryFlow } from '../../../src/recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../../../src/recovery/recoveryStateStore.js'
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import {
  alice,
  memoryStorage,
  now,
  passkeyConnector,
} from '../../helpers/badInputFixtures.js'

// A bad recovery state stored by passkeyWallet, read back as a page reloads.

/** The stored recovery state read back, as passkeyWallet's recovery reads it. */
async function loadRecovery(raw: string) {
  const key = 'host.passkeyWallet.recovery'
  const { storage, entries } = memoryStorage({ [key]: raw })
  const state = await createRecoveryStateStore({
    storage,
    key: 'passkeyWallet',
    now: () => now,
  }).load()
  return { state, kept: entries.has(key) }
}

const recoveryDiscarded = {
  ignored: 'no recovery in progress; the stored value is removed',
  check: (result: { state: unknown; kept: boolean }) =>
    expect(result).toEqual({ state: undefined, kept: false }),
}

const recoveryState = (change: Record<string, unknown>) =>
  JSON.stringify({
    type: 'email',
    userId: 'user-1',
    createdAt: now - 60,
    sessionExpirationSeconds: 1800,
    ...change,
  })

const cases: Case[] = [
  // --- stored recovery state ---------------------------------------------
  bad({
    source: 'stored recovery state',
    name: 'not JSON',
    input: '{"type":"email",',
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an older format with createdAt in milliseconds',
    input: recoveryState({ createdAt: (now - 60) * 1000 }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'a passkey recovery (never a signing session)',
    input: recoveryState({ type: 'passkey' }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an expired session',
    input: recoveryState({ createdAt: now - 1801 }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'a session longer than 1800 s',
    input: recoveryState({ sessionExpirationSeconds: 86_400 }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an empty user id',
    input: recoveryState({ userId: '' }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'a user id of 129 characters',
    input: recoveryState({ userId: 'u'.repeat(129) }),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'another connector’s value (an address)',
    input: JSON.stringify(alice),
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'an array',
    input: '["email","user-1",1799999940,1800]',
    run: loadRecovery,
    expected: recoveryDiscarded,
  }),
  bad({
    source: 'stored recovery state',
    name: 'passkeyWallet’s recovery opened over a garbage state',
    input: '{"type":"email","userId":null}',
    run: async (raw) => {
      const key = 'host.passkeyWallet.recovery'
      const { storage, entries } = memoryStorage({ [key]: raw })
      const connector = passkeyConnector(storage, {
        recovery: { start: async () => Response.json({}) },
      }) as unknown as { getRecovery(): Promise<RecoveryFlow> }
      const flow = await connector.getRecovery()
      // The flow reads the stored state as it starts.
      for (let tries = 0; tries < 50 && entries.has(key); tries++)
        await new Promise((resolve) => setTimeout(resolve, 10))
      const { step, interrupted } = flow.getSnapshot()
      return { step, interrupted, kept: entries.has(key) }
    },
    expected: {
      ignored: 'an idle, uninterrupted recovery; the value is removed',
      check: (result) =>
        expect(result).toEqual({
          step: 'idle',
          interrupted: false,
          kept: false,
        }),
    },
  }),
]

runCases(cases)
