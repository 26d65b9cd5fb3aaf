import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { createLocalServer } from '../../createLocalServer.js'
import type { Clock } from '../clock.js'
import { maxBodyBytes } from '../createVendorServer.js'
import type { Faults } from '../Faults.js'
import { authProxyApi } from '../openapi/documents.js'
import {
  requestSchema,
  validateAgainstSchema,
} from '../openapi/validateAgainstSchema.js'
import {
  badRequest,
  forbidden,
  notFound,
  unauthenticated,
  unimplemented,
  VendorError,
} from '../VendorError.js'
import { allowsOrigin } from './AuthProxyConfig.js'
import type { AuthProxyConfigs } from './AuthProxyConfigs.js'
import type { VendorCaller } from './createVendorCaller.js'
import { type ProxyContext, proxyEndpoints } from './proxyEndpoints.js'
import { proxySandboxRoute } from './proxySandboxRoute.js'

/** What the proxy's server works on. */
export type AuthProxyWorld = {
  configs: AuthProxyConfigs
  vendor: VendorCaller
  parentOrganizationId: string
  signerPublicKey: string
  /** The sandbox clock (the vendor's): OTP, token and session expiry. */
  clock: Clock
  faults: Faults
}

/** The header naming the config, as the vendor's SDKs send it (header names are case-insensitive). */
const configIdHeader = 'x-auth-proxy-config-id'
const allowedRequestHeaders = `content-type, ${configIdHeader}, x-captcha-token`

class NonJsonFailure extends Error {}

/**
 * The vendor's hosted Auth Proxy on loopback: `POST /v1/<endpoint>` with the
 * `X-Auth-Proxy-Config-Id` header, from a page whose origin the config allows,
 * with a body the published schema accepts; it signs with its own key of the
 * parent organization and forwards to the public API.
 */
export function createAuthProxyServer(world: AuthProxyWorld): Server {
  const otps: ProxyContext['otps'] = new Map()

  return createLocalServer((request, response) => {
    const origin = request.headers.origin
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname.startsWith('/sandbox/')) {
      allowLocalOrigin(origin, response)
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end()
        return
      }
      answer(
        response,
        proxySandboxRoute(world.faults, request, url, () => readJson(request)),
      )
      return
    }
    if (request.method === 'OPTIONS') {
      // A preflight carries no config id: it passes for an origin some config allows.
      if (origin && world.configs.anyAllows(origin)) {
        allowOrigin(origin, response)
        response.writeHead(204).end()
      } else
        send(
          response,
          403,
          forbidden(
            `origin ${origin ?? '(none)'} is not allowed by any auth proxy config`,
          ).toBody(),
        )
      return
    }
    answer(response, handle(request, response, url.pathname))
  })

  /**
   * CORS headers go to an origin the request's config allows (any config's,
   * while the config is not known yet): a page the config refuses cannot read
   * the refusal, as with a proxy that does not serve its origin.
   */
  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ) {
    const origin = request.headers.origin
    if (origin && world.configs.anyAllows(origin)) allowOrigin(origin, response)
    const name = /^\/v1\/([a-z0-9_]+)$/.exec(pathname)?.[1]
    const schema = name ? requestSchema(authProxyApi, pathname) : undefined
    if (!name || !schema) throw notFound('unknown path')
    const endpoint = proxyEndpoints[name]
    if (!endpoint)
      throw unimplemented(`${pathname} is not implemented in the sandbox`)
    if (request.method !== 'POST')
      throw new VendorError(405, 12, 'method not allowed')

    const configId = request.headers[configIdHeader]
    if (typeof configId !== 'string' || !configId)
      throw unauthenticated(
        'missing X-Auth-Proxy-Config-Id header: every auth proxy request names its config',
      )
    const config = world.configs.get(configId)
    if (!config)
      throw unauthenticated(`unknown auth proxy config id ${configId}`)
    if (!allowsOrigin(config, origin)) {
      for (const header of corsHeaders) response.removeHeader(header)
      throw forbidden(
        origin
          ? `origin ${origin} is not allowed by auth proxy config ${configId}`
          : `a request without an Origin header is not allowed by auth proxy config ${configId}`,
      )
    }
    if (origin) allowOrigin(origin, response)

    const rawBody = await readBody(request)
    const fault = world.faults.take(pathname)
    if (fault?.kind === 'http500') throw new NonJsonFailure()
    if (fault?.kind === 'http429')
      throw new VendorError(
        429,
        8,
        'Too many requests. Please wait and try again in a few seconds',
      )
    if (fault?.kind === 'delay') await sleep(fault.ms)
    if (rawBody.length > 0 && !isJson(request))
      throw badRequest('bad request body')
    const body = parseObject(rawBody)
    // As strict as the proxy's published schema: required fields, types, no unknown fields.
    const problems = validateAgainstSchema(authProxyApi, schema, body)
    if (problems.length > 0)
      throw badRequest(`invalid request body: ${problems.join('; ')}`)
    return endpoint(
      {
        config,
        vendor: world.vendor,
        parentOrganizationId: world.parentOrganizationId,
        signerPublicKey: world.signerPublicKey,
        nowMs: world.clock.now(),
        otps,
      },
      body,
    )
  }
}

function answer(response: ServerResponse, work: Promise<unknown>) {
  work
    .then((body) => send(response, 200, body))
    .catch((error: unknown) => {
      if (error instanceof NonJsonFailure) {
        if (response.headersSent) return
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end('Internal Server Error')
      } else if (error instanceof VendorError)
        send(response, error.status, error.toBody())
      else {
        console.error('auth proxy emulator:', error)
        send(response, 500, {
          code: 13,
          message: 'internal error',
          details: [],
        })
      }
    })
}

const corsHeaders = [
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Max-Age',
]

function allowOrigin(origin: string, response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', origin)
  response.setHeader('Vary', 'Origin')
  response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS')
  response.setHeader('Access-Control-Allow-Headers', allowedRequestHeaders)
  response.setHeader('Access-Control-Max-Age', '600')
}

/** The sandbox routes answer pages on this machine, as the vendor emulator's do. */
function allowLocalOrigin(
  origin: string | undefined,
  response: ServerResponse,
) {
  if (!origin) return
  let hostname: string
  try {
    hostname = new URL(origin).hostname
  } catch {
    return
  }
  if (!['localhost', '127.0.0.1', '[::1]'].includes(hostname)) return
  allowOrigin(origin, response)
  response.setHeader(
    'Access-Control-Allow-Methods',
    'GET, POST, DELETE, OPTIONS',
  )
}

const isJson = (request: IncomingMessage) =>
  /^application\/json\b/i.test(request.headers['content-type'] ?? '')

/** The body as an object; an empty body is the empty message, as the vendor's gateway reads it. */
function parseObject(rawBody: Buffer): Record<string, unknown> {
  if (rawBody.length === 0) return {}
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

async function readJson(request: IncomingMessage) {
  if (!isJson(request))
    throw badRequest(
      'sandbox routes that change anything take content-type: application/json',
    )
  return parseObject(await readBody(request))
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

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent) return
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}
