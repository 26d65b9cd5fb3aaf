import { describe, expect, it } from 'vitest'
import {
  ignoreSessionDeletedTwice,
  isSessionDeletedTwice,
  isUnreadProposalExpiry,
} from './unhandledSdkRejections.js'

const topic = 'c1353c74a10bb37de060ff9673dfe6c094998e95bc8b7039d14baefd1e80f5d1'
const rejection = (message: string, ...frames: string[]) => ({
  message,
  stack: [`Error: ${message}`, ...frames.map((f) => `    at ${f}`)].join('\n'),
})

describe('the SDK rejections of a session both sides end at once', () => {
  it('are recognised on each of their three paths', () => {
    expect(
      isSessionDeletedTwice(
        rejection(
          `Missing or invalid. Record was recently deleted - session: ${topic}`,
          'xe.getData',
          'We.isValidDisconnect',
          'We.onSessionDeleteRequest',
        ),
      ),
    ).toBe(true)
    expect(
      isSessionDeletedTwice(
        rejection(
          `No matching key. keychain: ${topic}`,
          'kt.get',
          'We.sendResult',
          'We.onSessionDeleteRequest',
        ),
      ),
    ).toBe(true)
    expect(
      isSessionDeletedTwice(
        rejection(
          `Missing or invalid. Record was recently deleted - session: ${topic}`,
          'xe.get',
          'We.deleteSession',
          'Dr.rpcPublish',
        ),
      ),
    ).toBe(true)
  })

  it('are the only ones: the same messages elsewhere, and other errors, still fail a run', () => {
    expect(
      isSessionDeletedTwice(
        rejection(
          `No matching key. keychain: ${topic}`,
          'kt.get',
          'We.request',
        ),
      ),
    ).toBe(false)
    expect(
      isSessionDeletedTwice(
        rejection(
          `Missing or invalid. Record was recently deleted - session: ${topic}`,
          'We.request',
        ),
      ),
    ).toBe(false)
    expect(isSessionDeletedTwice(new Error('anything else'))).toBe(false)
    expect(isSessionDeletedTwice('a string')).toBe(false)
  })
})

describe('a Playwright worker ignoring them', () => {
  it('passes those rejections over and hands every other one to the listeners it had', () => {
    const runnerListeners = process.listeners('unhandledRejection')
    const seen: unknown[] = []
    process.removeAllListeners('unhandledRejection')
    process.on('unhandledRejection', (reason) => seen.push(reason))
    try {
      ignoreSessionDeletedTwice()
      const sdkRace = rejection(
        `Missing or invalid. Record was recently deleted - session: ${topic}`,
        'We.isValidDisconnect',
        'We.onSessionDeleteRequest',
      )
      const realFailure = new Error('the wallet refused')
      const settled = Promise.resolve()
      process.emit('unhandledRejection', sdkRace, settled)
      process.emit('unhandledRejection', realFailure, settled)
      expect(seen).toEqual([realFailure])
    } finally {
      process.removeAllListeners('unhandledRejection')
      for (const listener of runnerListeners)
        process.on('unhandledRejection', listener)
    }
  })
})

describe('the SDK’s unread rejection of an expired proposal', () => {
  it('is recognised by its message and the SDK’s timer, and nothing else is', () => {
    const timer = [
      'Timeout._onTimeout (/app/node_modules/@walletconnect/utils/dist/index.cjs.js:1:6064)',
      'listOnTimeout (node:internal/timers:581:17)',
    ]
    expect(
      isUnreadProposalExpiry(rejection('Proposal expired', ...timer)),
    ).toBe(true)
    expect(
      isUnreadProposalExpiry(rejection('Proposal expired', 'connect')),
    ).toBe(false)
    expect(isUnreadProposalExpiry(rejection('Session expired', ...timer))).toBe(
      false,
    )
    expect(isUnreadProposalExpiry('Proposal expired')).toBe(false)
  })
})
