import type { IncomingMessage } from 'node:http'
import type { Fault } from './Faults.js'
import { publicApi } from './openapi/documents.js'
import { validateAgainstSchema } from './openapi/validateAgainstSchema.js'
import { upsertGasUsageConfig } from './sendTransactions.js'
import { badRequest, notFound } from './VendorError.js'
import type { VendorWorld } from './VendorWorld.js'

const faultKinds = [
  'http500',
  'http429',
  'delay',
  'consensus',
  'failed',
  'pending',
] as const

/**
 * The sandbox's own endpoints under /sandbox/: the outbox, the enclave's
 * public keys, the activities done, fault switches, the clock and a reset. Tests and the
 * playground use them.
 */
export async function adminRoute(
  world: VendorWorld,
  request: IncomingMessage,
  url: URL,
  readJson: () => Promise<Record<string, unknown>>,
): Promise<unknown> {
  const route = `${request.method} ${url.pathname}`
  switch (route) {
    case 'GET /sandbox/outbox': {
      const to = url.searchParams.get('to')
      if (!to) throw badRequest('give the address: /sandbox/outbox?to=…')
      return { emails: world.outbox.to(to) }
    }
    case 'GET /sandbox/keys':
      return {
        signerPublicKey: world.enclave.signer.publicKeyHex,
        notarizerPublicKey: world.enclave.notarizer.publicKeyHex,
      }
    case 'GET /sandbox/activities': {
      // What the vendor did, for tests asserting that nothing was signed twice.
      const type = url.searchParams.get('type')
      const activities = [...world.state.organizations.values()]
        .flatMap((organization) => organization.activities)
        .filter((activity) => !type || activity.type === type)
        .map(({ id, organizationId, type, status, intent, result }) => ({
          id,
          organizationId,
          type,
          status,
          intent,
          result,
        }))
      return { activities }
    }
    case 'POST /sandbox/faults': {
      const {
        path,
        fault,
        count = 1,
        delayMs = 1000,
        polls = 2,
      } = await readJson()
      if (typeof path !== 'string' || !path.startsWith('/public/v1/'))
        throw badRequest(
          'path must be a vendor path such as /public/v1/submit/sign_raw_payload',
        )
      if (!faultKinds.includes(fault as (typeof faultKinds)[number]))
        throw badRequest(`fault must be one of ${faultKinds.join(', ')}`)
      if (!Number.isInteger(count) || (count as number) < 1)
        throw badRequest('count must be >= 1')
      if (!(Number(delayMs) >= 0) || !(Number(polls) >= 1))
        throw badRequest('delayMs must be >= 0 and polls >= 1')
      const armed: Fault =
        fault === 'delay'
          ? { kind: 'delay', ms: Number(delayMs) }
          : fault === 'pending'
            ? { kind: 'pending', polls: Number(polls) }
            : ({ kind: fault } as Fault)
      world.faults.arm(path, armed, count as number)
      return { armed: { path, fault, count } }
    }
    case 'DELETE /sandbox/faults':
      world.faults.clear()
      return { cleared: true }
    case 'POST /sandbox/gas-usage-config': {
      // The vendor's dashboard: its published intent, for a parent organization.
      const { organizationId, parameters } = await readJson()
      const problems = validateAgainstSchema(
        publicApi,
        { $ref: '#/definitions/v1UpsertGasUsageConfigIntent' },
        parameters,
        'parameters',
      )
      if (problems.length > 0)
        throw badRequest(`invalid request body: ${problems.join('; ')}`)
      return upsertGasUsageConfig(
        world.state.organization(String(organizationId)),
        parameters as Record<string, unknown>,
      )
    }
    case 'POST /sandbox/reset':
      world.reset()
      return { reset: true }
    case 'POST /sandbox/clock': {
      const { advanceMs } = await readJson()
      try {
        world.clock.advance(Number(advanceMs))
      } catch {
        throw badRequest('advanceMs must be a number >= 0')
      }
      return { nowMs: world.clock.now() }
    }
    default:
      throw notFound('unknown sandbox path')
  }
}
