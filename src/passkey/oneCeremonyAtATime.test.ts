// @vitest-environment happy-dom
import { expect, it, vi } from 'vitest'
import { createPasskey } from './createPasskey.js'
import { getPasskeyAssertion } from './getPasskeyAssertion.js'
import { oneCeremonyAtATime } from './oneCeremonyAtATime.js'

function prompt() {
  let finish!: (value: string) => void
  let fail!: (error: Error) => void
  const answer = new Promise<string>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  return { answer, finish, fail }
}

it('starts a ceremony at once, within the call, when none is open', async () => {
  let started = false
  const signed = oneCeremonyAtATime(async () => {
    started = true
    return 'signed'
  })
  // No await came before it: the user's tap still counts.
  expect(started).toBe(true)
  expect(await signed).toBe('signed')
})

it('a ceremony asked for while one is open starts only when that one ends, failed or not', async () => {
  const first = prompt()
  const second = prompt()
  const started: string[] = []
  const abandoned = oneCeremonyAtATime(() => {
    started.push('signature left open by a disconnect')
    return first.answer
  })
  const login = oneCeremonyAtATime(() => {
    started.push('log-in of the next connect')
    return second.answer
  })
  const after = oneCeremonyAtATime(async () => {
    started.push('next signature')
    return 'signed'
  })
  await Promise.resolve()
  expect(started).toEqual(['signature left open by a disconnect'])
  first.fail(new Error('NotAllowedError'))
  await expect(abandoned).rejects.toThrow('NotAllowedError')
  await expect.poll(() => started.length).toBe(2)
  expect(started[1]).toBe('log-in of the next connect')
  second.finish('logged in')
  expect(await login).toBe('logged in')
  expect(await after).toBe('signed')
  expect(started).toHaveLength(3)
  // All ended: the next one starts at once again.
  let startedAtOnce = false
  await oneCeremonyAtATime(async () => {
    startedAtOnce = true
  })
  expect(startedAtOnce).toBe(true)
})

it('a ceremony that throws before it starts is a rejection, and does not block the next', async () => {
  await expect(
    oneCeremonyAtATime(() => {
      throw new Error('WebAuthn is not supported')
    }),
  ).rejects.toThrow('WebAuthn is not supported')
  expect(await oneCeremonyAtATime(async () => 'next')).toBe('next')
})

it("the pack's prompts share the gate: a sign-up's passkey waits for a log-in prompt still open", async () => {
  const calls: string[] = []
  const login = prompt()
  const credentials = {
    get: () => {
      calls.push('get')
      return login.answer
    },
    create: () => {
      calls.push('create')
      return Promise.reject(new DOMException('cancelled', 'NotAllowedError'))
    },
  }
  vi.stubGlobal('navigator', { credentials })
  vi.stubGlobal('PublicKeyCredential', class {})
  try {
    const assertion = getPasskeyAssertion({
      challenge: new Uint8Array(32),
      rpId: 'localhost',
    })
    const created = createPasskey({
      rpId: 'localhost',
      rpName: 'Host',
      userName: 'ada',
    })
    await Promise.resolve()
    expect(calls).toEqual(['get'])
    login.fail(new Error('closed'))
    await expect(assertion).rejects.toThrow()
    await expect(created).rejects.toThrow()
    expect(calls).toEqual(['get', 'create'])
  } finally {
    vi.unstubAllGlobals()
  }
})
