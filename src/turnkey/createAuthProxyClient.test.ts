import { describe, expect, it } from 'vitest'
import { AuthProxyError } from './AuthProxyError.js'
import { createAuthProxyClient } from './createAuthProxyClient.js'

/*
 * How a refusal is named comes from the schema's `rpcStatus.code`, never
 * from the proxy's words, which it may change at any time. The sandbox's
 * proxy words its refusals one way, so the proxy here answers fixed,
 * schema-shaped refusals worded otherwise.
 */
function proxyRefusing(status: number, body: unknown) {
  return createAuthProxyClient({
    url: 'https://authproxy.test',
    configId: 'config-1',
    timeoutMs: 1000,
    fetch: async () => Response.json(body, { status }),
  })
}

async function refusalOf(status: number, body: unknown) {
  const error = await proxyRefusing(status, body)
    .post('signup', {})
    .catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(AuthProxyError)
  return error as AuthProxyError
}

describe('an Auth Proxy refusal', () => {
  it.each([
    [401, 16, 'auth_proxy_config_refused'],
    [403, 7, 'auth_proxy_origin_refused'],
    [429, 8, 'auth_proxy_rate_limited'],
    [400, 3, 'auth_proxy_refused'],
    [500, 13, 'auth_proxy_failed'],
  ] as const)(
    'HTTP %i with gRPC code %i, in any words: %s',
    async (status, code, named) => {
      const error = await refusalOf(status, {
        code,
        message: 'Denied.',
        details: [],
      })
      expect(error.code).toBe(named)
      expect(error.proxyCode).toBe(code)
      expect(error.proxyMessage).toBe('Denied.')
    },
  )

  it('goes by the code when the words say otherwise', async () => {
    const error = await refusalOf(401, {
      code: 3,
      message: 'unknown config id, origin not allowed',
    })
    expect(error.code).toBe('auth_proxy_refused')
  })

  it('goes by the HTTP status when the answer has no code', async () => {
    expect((await refusalOf(401, { message: 'no' })).code).toBe(
      'auth_proxy_config_refused',
    )
    expect((await refusalOf(403, 'not JSON at all')).code).toBe(
      'auth_proxy_origin_refused',
    )
    expect((await refusalOf(502, {})).code).toBe('auth_proxy_failed')
  })
})
