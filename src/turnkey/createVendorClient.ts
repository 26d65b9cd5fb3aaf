import { withDeadline } from '../core/deadlines.js'
import { jwtPart } from '../core/encodings.js'
import { version } from '../version.js'
import {
  unexpectedVendorAnswer,
  VendorActivityError,
  VendorConsensusNeededError,
  VendorRequestError,
  VendorTimeoutError,
} from './errors.js'
import type { Stamper } from './stampers.js'

type VendorActivity = {
  id: string
  status: string
  type: string
  fingerprint: string
  result: Record<string, Record<string, unknown> | undefined>
}

export type VendorClient = {
  /** POST /public/v1/query/<name>; the answer as the vendor gives it. */
  query<result>(
    name: string,
    body: Record<string, unknown>,
    stamper: Stamper,
  ): Promise<result>
  /**
   * POST /public/v1/submit/<name> and return `activity.result[resultKey]`.
   * Anything but a completed activity is an error; nothing is polled.
   */
  submit<result>(
    name: string,
    activity: {
      type: string
      organizationId: string
      parameters: Record<string, unknown>
      resultKey: string
    },
    stamper: Stamper,
  ): Promise<result>
}

export type CreateVendorClientParameters = {
  baseUrl: string
  /** Counts or intercepts requests; `globalThis.fetch` by default. */
  fetch?: typeof fetch | undefined
  now?: (() => number) | undefined
  /**
   * How long one request may take, its answer read: then it is cancelled
   * and rejects with VendorTimeoutError. None by default (the server's
   * handlers give their fetch one deadline per call).
   */
  timeoutMs?: number | undefined
  /**
   * Where a vendor error is told as the vendor worded it: the console by
   * default. The server passes its own, for the words may echo its key.
   */
  log?: Pick<Console, 'warn' | 'error'> | undefined
}

const clientVersion = `wagmi-connector-pack@${version}`
const benignVendorMessage =
  /expired api key|could not find public key|user cancel|timed out|not allowed/i

/** The vendor's HTTP API, spoken directly: POST JSON, one stamp over the exact body. */
export function createVendorClient({
  baseUrl,
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
  now = Date.now,
  timeoutMs,
  log = console,
}: CreateVendorClientParameters): VendorClient {
  /** The answer's status and text; the deadline starts once the stamp is made (a passkey prompt takes its own time). */
  async function send(path: string, init: RequestInit) {
    const exchange = async (signal?: AbortSignal) => {
      const response = await fetchFn(`${baseUrl}${path}`, { ...init, signal })
      return { response, text: await response.text() }
    }
    return timeoutMs === undefined
      ? exchange()
      : withDeadline(
          timeoutMs,
          exchange,
          () => new VendorTimeoutError({ path, timeoutMs }),
        )
  }

  async function post<result>(
    path: string,
    payload: unknown,
    stamper: Stamper,
  ) {
    const body = JSON.stringify(payload)
    const stamp = await stamper.stamp(body)
    const { response, text } = await send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-version': clientVersion,
        [stamp.header]: stamp.value,
      },
      body,
      redirect: 'error',
    })
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    if (!response.ok) {
      const error = new VendorRequestError({
        status: response.status,
        // Over HTTP/2 there is no status text: the reason phrases load only for an error.
        statusText: await import('./httpStatusText.js').then(
          ({ httpStatusText }) =>
            httpStatusText(response.status, response.statusText),
          () => response.statusText,
        ),
        body: json,
      })
      // The everyday failures of sessions and prompts (an expired key, a
      // cancelled prompt) are warnings: nothing for the host to fix.
      if (benignVendorMessage.test(error.vendorMessage))
        log.warn(`[passkeyWallet] ${error.vendorMessage}`)
      else log.error(`[passkeyWallet] vendor error: ${error.vendorMessage}`)
      throw error
    }
    if (json === undefined)
      throw new VendorRequestError({
        status: response.status,
        statusText: 'response was not JSON',
        body: undefined,
      })
    return json as result
  }

  return {
    query: (name, body, stamper) =>
      post(`/public/v1/query/${name}`, body, stamper),
    async submit(
      name,
      { type, organizationId, parameters, resultKey },
      stamper,
    ) {
      const answer = await post<{ activity?: VendorActivity } | null>(
        `/public/v1/submit/${name}`,
        { type, timestampMs: String(now()), organizationId, parameters },
        stamper,
      )
      const activity = answer?.activity
      if (typeof activity?.status !== 'string')
        throw unexpectedVendorAnswer('malformed activity response')
      if (activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED')
        throw new VendorConsensusNeededError({ activityId: activity.id })
      const result = activity.result?.[resultKey]
      if (activity.status !== 'ACTIVITY_STATUS_COMPLETED' || !result)
        throw new VendorActivityError({
          activityId: activity.id,
          status: activity.status,
        })
      return result as never
    },
  }
}

/** The public claims of the vendor's session JWT: whose session, in which organization, until when. */
export function readSessionClaims(jwt: string) {
  const claims = jwtPart(jwt, 1)
  // A session we cannot read is no session.
  if (
    typeof claims?.exp !== 'number' ||
    typeof claims.organization_id !== 'string' ||
    typeof claims.user_id !== 'string'
  )
    throw unexpectedVendorAnswer('malformed session token')
  return {
    exp: claims.exp,
    organizationId: claims.organization_id,
    userId: claims.user_id,
  }
}
