import type { IncomingMessage } from 'node:http'
import type { Fault, Faults } from '../Faults.js'
import { authProxyApi } from '../openapi/documents.js'
import { badRequest, notFound } from '../VendorError.js'

const faultKinds = ['http500', 'http429', 'delay'] as const

/**
 * The proxy's own test hooks under /sandbox/, on its port: fault switches for
 * its `/v1/*` paths. (The outbox, the clock and the keys are the vendor
 * emulator's `/sandbox/*` routes: the proxy shares its clock.)
 */
export async function proxySandboxRoute(
  faults: Faults,
  request: IncomingMessage,
  url: URL,
  readJson: () => Promise<Record<string, unknown>>,
): Promise<unknown> {
  switch (`${request.method} ${url.pathname}`) {
    case 'POST /sandbox/faults': {
      const { path, fault, count = 1, delayMs = 1000 } = await readJson()
      if (typeof path !== 'string' || !(path in authProxyApi.paths))
        throw badRequest('path must be an auth proxy path such as /v1/otp_init')
      if (!faultKinds.includes(fault as (typeof faultKinds)[number]))
        throw badRequest(`fault must be one of ${faultKinds.join(', ')}`)
      if (!Number.isInteger(count) || (count as number) < 1)
        throw badRequest('count must be >= 1')
      if (!(Number(delayMs) >= 0)) throw badRequest('delayMs must be >= 0')
      const armed: Fault =
        fault === 'delay'
          ? { kind: 'delay', ms: Number(delayMs) }
          : { kind: fault as 'http500' | 'http429' }
      faults.arm(path, armed, count as number)
      return { armed: { path, fault, count } }
    }
    case 'DELETE /sandbox/faults':
      faults.clear()
      return { cleared: true }
    default:
      throw notFound('unknown sandbox path')
  }
}
