import { describe, expect, it } from 'vitest'
import { BaseError, packErrorVersion } from '../core/errors.js'
import { createPasskeyBackend } from './server.browser.js'

describe("wagmi-connector-pack/server's browser stub", () => {
  it('refuses to create the backend with a ServerOnlyError, a BaseError: its code, its words and the pack’s message layout', () => {
    let thrown: unknown
    try {
      createPasskeyBackend()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BaseError)
    expect(thrown).toMatchObject({
      name: 'ServerOnlyError',
      code: 'server_only',
      shortMessage:
        'wagmi-connector-pack/server is server-only: it signs with your parent API key, which must never reach a browser.',
      version: packErrorVersion,
    })
    const { message } = thrown as Error
    expect((thrown as { constructor: { code: string } }).constructor.code).toBe(
      'server_only',
    )
    expect(message).toContain('Create the backend in server code only')
    expect(message).toContain('Docs: wagmi-connector-pack/docs/backend.md')
    expect(message.endsWith(`Version: ${packErrorVersion}`)).toBe(true)
  })
})
