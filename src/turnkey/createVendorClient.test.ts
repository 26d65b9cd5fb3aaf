import { afterEach, describe, expect, it, vi } from 'vitest'
import { version } from '../version.js'
import { createVendorClient } from './createVendorClient.js'
import { VendorRequestError } from './errors.js'
import type { Stamper } from './stampers.js'

const stamper: Stamper = {
  kind: 'session',
  stamp: async () => ({ header: 'X-Stamp', value: 'stamp' }),
}

/** A vendor that answers every request with this status, body and status text. */
function answering(status: number, body: string, statusText = '') {
  const requests: Request[] = []
  const client = createVendorClient({
    baseUrl: 'https://api.vendor.example',
    fetch: async (input, init) => {
      requests.push(new Request(input, init))
      return new Response(body, { status, statusText })
    },
  })
  return { client, requests }
}

async function failure(status: number, body: string, statusText = '') {
  const { client } = answering(status, body, statusText)
  return (await client
    .query('whoami', { organizationId: 'org' }, stamper)
    .catch((error: unknown) => error)) as VendorRequestError
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the vendor client', () => {
  it('sends the client-version header wagmi-connector-pack@<version>', async () => {
    const { client, requests } = answering(200, '{"organizationId":"org"}')
    await client.query('whoami', { organizationId: 'org' }, stamper)
    expect(requests[0]?.headers.get('x-client-version')).toBe(
      `wagmi-connector-pack@${version}`,
    )
    expect(version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('gives the bare HTTP status text when the body is not JSON', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const http1 = await failure(500, 'oops', 'Internal Server Error')
    expect(http1).toBeInstanceOf(VendorRequestError)
    expect(http1.shortMessage).toBe('Internal Server Error')
    expect(http1.status).toBe(500)
    expect(http1.code).toBe('vendor_request_failed')
    expect(http1.vendorCode).toBeUndefined()
    // HTTP/2 and HTTP/3 carry no status text: the standard reason phrase.
    const http2 = await failure(503, '<html>down</html>')
    expect(http2.shortMessage).toBe('Service Unavailable')
    expect((await failure(429, '')).shortMessage).toBe('Too Many Requests')
    // A status without a registered phrase: its number.
    expect((await failure(599, '')).shortMessage).toBe('599')
  })

  // The five everyday failures of sessions and prompts, each phrase inside a message.
  it.each([
    [401, 16, 'expired api key'],
    [
      401,
      16,
      'could not find public key in organization or its parent organization',
    ],
    [400, 3, 'webauthn: user cancelled the request'],
    [400, 3, 'webauthn: the operation timed out'],
    [403, 7, 'webauthn: the operation is not allowed'],
  ])(
    'logs a %i "%s" as a warning, not an error',
    async (status, code, message) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const error = vi
        .spyOn(console, 'error')
        .mockImplementation(() => undefined)
      const refused = await failure(status, JSON.stringify({ code, message }))
      expect(refused.vendorMessage).toBe(message)
      expect(warn.mock.calls).toEqual([[`[passkeyWallet] ${message}`]])
      expect(error).not.toHaveBeenCalled()
    },
  )

  it('logs any other vendor refusal as an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await failure(403, JSON.stringify({ code: 7, message: 'policy denied' }))
    expect(error.mock.calls).toEqual([
      ['[passkeyWallet] vendor error: policy denied'],
    ])
    expect(warn).not.toHaveBeenCalled()
  })

  it('tells a vendor refusal to the log it is given, and not the console', async () => {
    const consoleError = vi
      .spyOn(console, 'error')
      .mockImplementation(() => undefined)
    const log = { warn: vi.fn(), error: vi.fn() }
    const client = createVendorClient({
      baseUrl: 'https://api.vendor.example',
      fetch: async () =>
        new Response(JSON.stringify({ code: 7, message: 'policy denied' }), {
          status: 403,
        }),
      log,
    })
    await expect(
      client.query('whoami', { organizationId: 'org' }, stamper),
    ).rejects.toBeInstanceOf(VendorRequestError)
    expect(log.error.mock.calls).toEqual([
      ['[passkeyWallet] vendor error: policy denied'],
    ])
    expect(log.warn).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
  })

  it("keeps the vendor's code, message and details, whatever their shape", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const details = [
      { '@type': 'type.googleapis.com/external.data.v1.PolicyEvaluation' },
    ]
    const listed = await failure(
      403,
      JSON.stringify({ code: 7, message: 'policy denied', details }),
      'Forbidden',
    )
    expect(listed).toMatchObject({
      shortMessage: 'policy denied',
      code: 'vendor_request_failed',
      status: 403,
      vendorCode: 7,
      vendorMessage: 'policy denied',
      vendorDetails: details,
      details: JSON.stringify(details),
    })
    expect(listed.message).toContain(`Details: ${JSON.stringify(details)}`)

    const object = { reason: 'quota', retryAfter: 30 }
    const keyed = await failure(
      429,
      JSON.stringify({ code: 8, message: 'slow down', details: object }),
    )
    expect(keyed.vendorDetails).toEqual(object)
    expect(keyed.details).toBe(JSON.stringify(object))

    const text = await failure(
      400,
      JSON.stringify({ code: 3, message: 'bad', details: 'field x' }),
    )
    expect(text.vendorDetails).toBe('field x')
    expect(text.details).toBe('field x')

    const none = await failure(
      400,
      JSON.stringify({ code: 3, message: 'bad', details: [] }),
    )
    expect(none.vendorDetails).toEqual([])
    expect(none.details).toBeUndefined()
  })
})
