import { UserRejectedRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectionRejectedError } from '../core/connectionErrors.js'
import { PairingResetError } from './errors.js'
import {
  createPreparedProposal,
  type PageVisibility,
  pairWithRetries,
  type SessionProposal,
} from './pairing.js'

// The relay and the SDK are out of this: each proposal is made at once, its
// URI naming its attempt, and lives 5 minutes as the SDK's does.
const lifetimeMs = 5 * 60_000

function world() {
  const made: SessionProposal[] = []
  let hidden = false
  const listeners = new Set<() => void>()
  const visibility: PageVisibility = {
    isHidden: () => hidden,
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  let fail = false
  const prepared = createPreparedProposal({
    async propose(attempt) {
      if (fail) throw new Error('relay unreachable')
      const proposal: SessionProposal = {
        uri: `wc:attempt-${attempt}`,
        attempt,
        expiresAt: Date.now() + lifetimeMs,
        approved: new Promise(() => undefined),
      }
      made.push(proposal)
      return proposal
    },
    maxAttempts: 10,
    visibility,
  })
  return {
    prepared,
    made,
    watchers: () => listeners.size,
    setHidden(value: boolean) {
      hidden = value
      for (const listener of listeners) listener()
    },
    failFromNowOn() {
      fail = true
    },
  }
}

const uris = (made: SessionProposal[]) => made.map((p) => p.uri)

describe('createPreparedProposal', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('prepares once however often it is asked, and hands the URI over synchronously', async () => {
    const { prepared, made } = world()
    await Promise.all([
      prepared.prepare(),
      prepared.prepare(),
      prepared.prepare(),
    ])
    await prepared.prepare()
    expect(uris(made)).toEqual(['wc:attempt-1'])
    const taken = prepared.take()
    expect(taken).toMatchObject({ uri: 'wc:attempt-1', attempt: 1 })
    // Taken: nothing kept, nothing renewed.
    expect(prepared.take()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(lifetimeMs * 3)
    expect(uris(made)).toEqual(['wc:attempt-1'])
  })

  it('hands over the proposal whose URI is on the way', async () => {
    const { prepared } = world()
    void prepared.prepare()
    const taken = prepared.take()
    expect(taken).toBeInstanceOf(Promise)
    await expect(taken).resolves.toMatchObject({ attempt: 1 })
  })

  it('renews a minute before expiry, each renewal the next attempt, up to 10; the 10th lapses', async () => {
    const { prepared, made, watchers } = world()
    await prepared.prepare()
    await vi.advanceTimersByTimeAsync(lifetimeMs - 60_000 - 1)
    expect(made).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(uris(made)).toEqual(['wc:attempt-1', 'wc:attempt-2'])
    // Each 4 minutes another, until attempt 10.
    await vi.advanceTimersByTimeAsync(8 * (lifetimeMs - 60_000))
    expect(made.map((p) => p.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    await expect(prepared.prepare()).resolves.toBeUndefined()
    // No 11th: attempt 10 is left to expire, then nothing is kept.
    await vi.advanceTimersByTimeAsync(lifetimeMs)
    expect(made).toHaveLength(10)
    expect(prepared.take()).toBeUndefined()
    expect(watchers()).toBe(0)
  })

  it('connect() carries on from the attempt reached', async () => {
    const { prepared } = world()
    await prepared.prepare()
    await vi.advanceTimersByTimeAsync(2 * (lifetimeMs - 60_000))
    expect(prepared.take()).toMatchObject({ attempt: 3 })
  })

  it('stops renewing while the page is hidden and resumes when it is shown', async () => {
    const { prepared, made, setHidden } = world()
    await prepared.prepare()
    setHidden(true)
    await vi.advanceTimersByTimeAsync(lifetimeMs * 3)
    expect(made).toHaveLength(1)
    // Expired while hidden: not handed out, and renewed as soon as the page is back.
    setHidden(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(uris(made)).toEqual(['wc:attempt-1', 'wc:attempt-2'])
    expect(prepared.take()).toMatchObject({ attempt: 2 })
  })

  it('shown again before a renewal is due, it waits for it', async () => {
    const { prepared, made, setHidden } = world()
    await prepared.prepare()
    setHidden(true)
    await vi.advanceTimersByTimeAsync(60_000)
    setHidden(false)
    await vi.advanceTimersByTimeAsync(lifetimeMs - 2 * 60_000 - 1)
    expect(made).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(made).toHaveLength(2)
  })

  it('does not hand over a proposal about to expire', async () => {
    const { prepared, setHidden } = world()
    await prepared.prepare()
    setHidden(true)
    await vi.advanceTimersByTimeAsync(lifetimeMs - 30_000)
    expect(prepared.take()).toBeUndefined()
  })

  it('a proposal that cannot be made is forgotten, never thrown', async () => {
    const { prepared, failFromNowOn, watchers } = world()
    failFromNowOn()
    await expect(prepared.prepare()).resolves.toBeUndefined()
    expect(prepared.take()).toBeUndefined()
    expect(watchers()).toBe(0)
  })

  it('a renewal that fails leaves nothing to hand over', async () => {
    const { prepared, failFromNowOn } = world()
    await prepared.prepare()
    failFromNowOn()
    await vi.advanceTimersByTimeAsync(lifetimeMs)
    expect(prepared.take()).toBeUndefined()
  })

  it('discard() forgets the proposals and the one on its way', async () => {
    const { prepared, made, watchers } = world()
    void prepared.prepare()
    prepared.discard()
    await vi.advanceTimersByTimeAsync(lifetimeMs * 2)
    expect(prepared.take()).toBeUndefined()
    expect(made).toHaveLength(1)
    expect(watchers()).toBe(0)
  })
})

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
    // …with the documented words on it (docs/walletconnect.md, Pairing) and its code in the chain.
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

  it('a PairingResetError of the attempt itself is passed on as it is, not wrapped again', async () => {
    const reset = new PairingResetError({
      cause: new Error('the wallet approved a proposal whose URI was not out'),
    })
    const calls: string[] = []
    const error = await pairWithRetries({
      ...script([]).parameters,
      pairOnce: async (attempt: number) => {
        calls.push(`pair ${attempt}`)
        throw reset
      },
    }).catch((e: unknown) => e)
    expect(error).toBe(reset)
    expect(calls).toEqual(['pair 1'])
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
