import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { ConnectionRejectedError } from '../core/connectionErrors.js'
import { pairWithRetries } from './pairWithRetries.js'

// The pairing itself runs against the sandbox relay in test/integration;
// this is the retry policy alone, with the SDK's own error messages.
function script(outcomes: (string | 'ok')[]) {
  const calls: string[] = []
  let index = 0
  return {
    calls,
    parameters: {
      pairOnce: async (attempt: number) => {
        calls.push(`pair ${attempt}`)
        const outcome = outcomes[index++] ?? 'ok'
        if (outcome !== 'ok') throw new Error(outcome)
        return 'session'
      },
      reinitialise: async () => {
        calls.push('reinitialise')
      },
      aborted: () => false,
      wait: async (ms: number) => {
        calls.push(`wait ${ms}`)
      },
    },
  }
}

describe('pairWithRetries', () => {
  it('renews an expired proposal with a fresh attempt', async () => {
    const { calls, parameters } = script([
      'Proposal expired',
      'Proposal expired',
      'ok',
    ])
    await expect(pairWithRetries(parameters)).resolves.toBe('session')
    expect(calls).toEqual(['pair 1', 'pair 2', 'pair 3'])
  })

  it('stops after 10 expired attempts', async () => {
    const { calls, parameters } = script(Array(12).fill('Proposal expired'))
    await expect(pairWithRetries(parameters)).rejects.toMatchObject({
      shortMessage: 'Max auto pairing attempts reached',
    })
    expect(calls).toHaveLength(10)
  })

  it('a rejection re-initialises, waits 1000 ms once, and is a UserRejectedRequestError saying connection_rejected', async () => {
    const { calls, parameters } = script(['User rejected.'])
    const error = await pairWithRetries(parameters).catch((e: unknown) => e)
    expect(calls).toEqual(['pair 1', 'reinitialise', 'wait 1000'])
    // What hosts already check for a user saying no…
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    const rejection = error as UserRejectedRequestError
    expect(rejection.walk((e) => (e as { code?: unknown }).code === 4001)).toBe(
      rejection,
    )
    // …with SPEC §8's words on it and its code in the chain.
    expect(rejection.shortMessage).toBe(
      'Connection rejected. Please try again.',
    )
    expect(rejection.message.split('\n')[0]).toBe(
      'Connection rejected. Please try again.',
    )
    const cause = rejection.walk(
      (e) => (e as { code?: unknown }).code === 'connection_rejected',
    )
    expect(cause).toBeInstanceOf(ConnectionRejectedError)
    expect(cause).toMatchObject({
      shortMessage: 'Connection rejected. Please try again.',
      details: 'User rejected.',
    })
  })

  it('counts on from the attempt a prepared proposal reached', async () => {
    const { calls, parameters } = script(Array(12).fill('Proposal expired'))
    await expect(
      pairWithRetries({ ...parameters, firstAttempt: 8 }),
    ).rejects.toMatchObject({
      shortMessage: 'Max auto pairing attempts reached',
    })
    expect(calls).toEqual(['pair 8', 'pair 9', 'pair 10'])
  })

  it('a reset request says so', async () => {
    const { parameters } = script([
      'Connection request reset. Please try again.',
    ])
    await expect(pairWithRetries(parameters)).rejects.toMatchObject({
      shortMessage: 'Connection request reset. Please try again.',
    })
  })

  it('a pairing the host abandoned ends as aborted', async () => {
    const { parameters } = script(['Proposal expired'])
    await expect(
      pairWithRetries({ ...parameters, aborted: () => true }),
    ).rejects.toMatchObject({ shortMessage: 'Pairing aborted' })
  })

  it('other failures pass through untouched', async () => {
    const { parameters } = script(['socket hang up'])
    await expect(pairWithRetries(parameters)).rejects.toThrow('socket hang up')
  })
})
