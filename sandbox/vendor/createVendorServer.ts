import { createHash, randomUUID } from 'node:crypto'
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { authenticate } from './authenticate.js'
import type { Clock } from './clock.js'
import type { Endpoint, EndpointContext } from './endpoint.js'
import { type Activity, toTimestamp } from './model.js'
import { queries } from './queries.js'
import { specPaths } from './specPaths.js'
import { submits } from './submits.js'
import {
  badRequest,
  notFound,
  unimplemented,
  VendorError,
} from './VendorError.js'
import type { VendorState } from './VendorState.js'

export const maxBodyBytes = 1024 * 1024
const timestampMaxAgeMs = 60 * 60 * 1000
const timestampMaxSkewMs = 5 * 60 * 1000
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type VendorServerOptions = {
  state: VendorState
  clock: Clock
  /** Origins a passkey may sign from; all by default, as the vendor does without the origins feature. */
  isAllowedOrigin?: ((origin: string) => boolean) | undefined
}

/** The vendor's HTTP API: one POST per call, every stamp verified over the raw body. */
export function createVendorServer({
  state,
  clock,
  isAllowedOrigin = () => true,
}: VendorServerOptions): Server {
  return createServer((request, response) => {
    allowLocalOrigins(request, response)
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    handle(request)
      .then((body) => send(response, 200, body))
      .catch((error: unknown) => {
        if (error instanceof VendorError)
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
  })

  async function handle(request: IncomingMessage) {
    if (request.method !== 'POST')
      throw new VendorError(405, 12, 'method not allowed')
    const match = /^\/public\/v1\/(query|submit)\/([a-z0-9_]+)$/.exec(
      new URL(request.url ?? '/', 'http://localhost').pathname,
    )
    if (!match) throw notFound('unknown path')
    const [, kind, name] = match as unknown as [
      string,
      'query' | 'submit',
      string,
    ]
    const endpoint: Endpoint | undefined = (
      kind === 'query' ? queries : submits
    )[name]
    if (!endpoint) {
      if ((specPaths[kind] as readonly string[]).includes(name))
        throw unimplemented(
          `/public/v1/${kind}/${name} is not implemented in the sandbox`,
        )
      throw notFound('unknown path')
    }
    const rawBody = await readBody(request)
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
      throw badRequest('bad request body')
    let body: Record<string, unknown>
    try {
      body = JSON.parse(rawBody.toString('utf8'))
    } catch {
      throw badRequest('bad request body')
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest('bad request body')
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
      isAllowedOrigin,
    })
    const context: EndpointContext = {
      state,
      principal,
      organization: principal.organization,
      nowMs,
      isAllowedOrigin,
    }
    if (endpoint.kind === 'query') return endpoint.handle(context, body)

    const { type, timestampMs, parameters } = body
    const resultKey =
      typeof type === 'string' ? endpoint.resultKeys[type] : undefined
    if (!resultKey)
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
    if (typeof parameters !== 'object' || parameters === null)
      throw badRequest('bad request body')

    const fingerprint = `sha256:${createHash('sha256').update(rawBody).digest('hex')}`
    const organization = context.organization
    const existing = organization.activities.find(
      (a) => a.fingerprint === fingerprint,
    )
    if (existing) return { activity: existing }
    const result = await endpoint.handle(
      context,
      parameters as Record<string, unknown>,
    )
    const activity: Activity = {
      id: randomUUID(),
      organizationId: organization.organizationId,
      status: 'ACTIVITY_STATUS_COMPLETED',
      type: type as string,
      intent: { [intentKey(name, type as string)]: parameters },
      result: { [resultKey]: result },
      votes: [],
      fingerprint,
      canApprove: false,
      canReject: false,
      createdAt: toTimestamp(nowMs),
      updatedAt: toTimestamp(nowMs),
    }
    organization.activities.push(activity)
    return { activity }
  }
}

/** `sign_raw_payload` + `ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2` → `signRawPayloadIntentV2`. */
function intentKey(name: string, type: string) {
  const camel = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
  return `${camel}Intent${/_(V\d+)$/.exec(type)?.[1] ?? ''}`
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

function allowLocalOrigins(request: IncomingMessage, response: ServerResponse) {
  const origin = request.headers.origin
  if (!origin) return
  let hostname: string
  try {
    hostname = new URL(origin).hostname
  } catch {
    return
  }
  if (!['localhost', '127.0.0.1', '[::1]'].includes(hostname)) return
  response.setHeader('Access-Control-Allow-Origin', origin)
  response.setHeader('Vary', 'Origin')
  response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS')
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
