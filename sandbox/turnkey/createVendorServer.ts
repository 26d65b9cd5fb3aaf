import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { createLocalServer } from '../createLocalServer.js'
import { createActivityLifecycle } from './activityLifecycle.js'
import { adminRoute } from './adminRoutes.js'
import { authenticate } from './authenticate.js'
import type { EndpointContext } from './endpoint.js'
import { publicApi } from './openapi/documents.js'
import {
  requestSchema,
  validateAgainstSchema,
} from './openapi/validateAgainstSchema.js'
import { findRoute, isSchemaPath } from './routes.js'
import { checkSessionScope } from './sessionScope.js'
import {
  badRequest,
  forbidden,
  notFound,
  unimplemented,
  VendorError,
} from './VendorError.js'
import type { VendorWorld } from './VendorWorld.js'

export const maxBodyBytes = 1024 * 1024
const timestampMaxAgeMs = 60 * 60 * 1000
const timestampMaxSkewMs = 5 * 60 * 1000
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
class NonJsonFailure extends Error {}

/** The vendor's HTTP API: one POST per call, every stamp verified over the raw body. */
export function createVendorServer(world: VendorWorld): Server {
  const { state, clock, faults } = world
  const activities = createActivityLifecycle()

  return createLocalServer((request, response) => {
    allowHostOrigins(request, response, world.origins)
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    const work = url.pathname.startsWith('/sandbox/')
      ? sandboxRoute(request, url)
      : handle(request, url.pathname)
    work
      .then((body) => send(response, 200, body))
      .catch((error: unknown) => {
        if (error instanceof NonJsonFailure) {
          response
            .writeHead(500, { 'content-type': 'text/plain' })
            .end('Internal Server Error')
        } else if (error instanceof VendorError)
          send(response, error.status, error.toBody())
        else {
          console.error('vendor emulator:', error)
          send(response, 500, {
            code: 13,
            message: 'internal error',
            details: [],
          })
        }
      })
      .finally(() => world.onChange?.())
  })

  /** The sandbox's own routes; a change needs a JSON body, which a cross-site form cannot send. */
  async function sandboxRoute(request: IncomingMessage, url: URL) {
    if (request.method !== 'GET' && !isJson(request))
      throw badRequest(
        'sandbox routes that change anything take content-type: application/json',
      )
    return adminRoute(world, request, url, async () =>
      parseObject(await readBody(request)),
    )
  }

  async function handle(request: IncomingMessage, pathname: string) {
    if (request.method !== 'POST')
      throw new VendorError(405, 12, 'method not allowed')
    const route = findRoute(pathname)
    if (!route) {
      if (isSchemaPath(pathname))
        throw unimplemented(`${pathname} is not implemented in the sandbox`)
      throw notFound('unknown path')
    }
    const { name, endpoint } = route
    const rawBody = await readBody(request)
    const fault = faults.take(pathname)
    if (fault?.kind === 'http500') throw new NonJsonFailure()
    if (fault?.kind === 'http429')
      throw new VendorError(
        429,
        8,
        'Too many requests. Please wait and try again in a few seconds',
      )
    if (!isJson(request)) throw badRequest('bad request body')
    const body = parseObject(rawBody)
    // As strict as the vendor's published schema: required fields, enums, no unknown fields.
    const schema = requestSchema(publicApi, pathname)
    const problems = schema
      ? validateAgainstSchema(publicApi, schema, body)
      : ['the published schema has no such request']
    if (problems.length > 0)
      throw badRequest(`invalid request body: ${problems.join('; ')}`)
    const { organizationId } = body
    if (typeof organizationId !== 'string' || !uuid.test(organizationId))
      throw badRequest('malformed organization ID provided')
    const target = state.organization(organizationId)
    const nowMs = clock.now()
    const principal = await authenticate({
      headers: request.headers,
      rawBody,
      target,
      scope: {
        subOrgMayUseParentId: endpoint.scope?.subOrgMayUseParentId ?? false,
        parentMayAct: endpoint.scope?.parentMayAct ?? endpoint.kind === 'query',
      },
      state,
      nowMs,
      relyingParties: world.relyingParties,
    })
    // A recovery credential signs recover_user alone; whoami tells it whose it is.
    if (
      principal.credential.kind === 'apiKey' &&
      principal.credential.apiKey.type ===
        'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256' &&
      name !== 'recover_user' &&
      name !== 'whoami'
    )
      throw forbidden(
        `request not authorized: a recovery credential may sign recover_user and whoami only, not ${name}`,
      )
    checkSessionScope({ principal, state, name, endpoint, body })
    // Slow after the stamp is checked, as a busy backend is: passkey counters keep their order.
    if (fault?.kind === 'delay') await sleep(fault.ms)
    const context: EndpointContext = {
      state,
      principal,
      organization: principal.organization,
      nowMs,
      relyingParties: world.relyingParties,
      outbox: world.outbox,
      enclave: world.enclave,
      chains: world.chains,
      oidcIssuers: world.oidcIssuers,
    }
    if (endpoint.kind === 'query') {
      if (name === 'get_activity')
        await activities.poll(context.organization, body.activityId)
      return endpoint.handle(context, body)
    }

    const { type, timestampMs, parameters } = body
    const accepted =
      typeof type === 'string' &&
      (endpoint.kind === 'vote'
        ? type === endpoint.type
        : Object.hasOwn(endpoint.resultKeys, type))
    if (!accepted)
      throw badRequest(`invalid activity type for ${name}: ${String(type)}`)
    const timestamp =
      typeof timestampMs === 'string' ? Number(timestampMs) : Number.NaN
    if (
      !Number.isSafeInteger(timestamp) ||
      timestamp < nowMs - timestampMaxAgeMs ||
      timestamp > nowMs + timestampMaxSkewMs
    )
      throw badRequest(
        'invalid timestamp: it must be a string of milliseconds within the last hour',
      )
    if (
      typeof parameters !== 'object' ||
      parameters === null ||
      Array.isArray(parameters)
    )
      throw badRequest('bad request body')
    if (endpoint.kind === 'vote')
      return activities.vote(
        endpoint,
        context,
        parameters as Record<string, unknown>,
        rawBody.toString('utf8'),
      )
    return activities.submit({
      context,
      name,
      type,
      endpoint,
      parameters: parameters as Record<string, unknown>,
      fault,
      rawBody,
    })
  }
}

const isJson = (request: IncomingMessage) =>
  /^application\/json\b/i.test(request.headers['content-type'] ?? '')

function parseObject(rawBody: Buffer): Record<string, unknown> {
  let body: unknown
  try {
    body = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw badRequest('bad request body')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('bad request body')
  return body as Record<string, unknown>
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        reject(new VendorError(413, 8, 'request body larger than 1 MiB'))
        request.resume()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

function allowHostOrigins(
  request: IncomingMessage,
  response: ServerResponse,
  origins: readonly string[],
) {
  const origin = request.headers.origin
  if (!origin) return
  let hostname: string
  try {
    hostname = new URL(origin).hostname
  } catch {
    return
  }
  if (
    !['localhost', '127.0.0.1', '[::1]'].includes(hostname) &&
    !origins.includes(origin)
  )
    return
  response.setHeader('Access-Control-Allow-Origin', origin)
  response.setHeader('Vary', 'Origin')
  response.setHeader(
    'Access-Control-Allow-Methods',
    'GET, POST, DELETE, OPTIONS',
  )
  response.setHeader(
    'Access-Control-Allow-Headers',
    'content-type, x-stamp, x-stamp-webauthn, x-client-version, x-session',
  )
  response.setHeader('Access-Control-Max-Age', '600')
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent) return
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}
