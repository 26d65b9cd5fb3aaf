import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import type { Clock } from '../clock.js'
import type { ApiKeyPair } from '../startVendor.js'
import { VendorError } from '../VendorError.js'

/** The public API as the auth proxy reaches it: stamped requests, the vendor's errors passed on. */
export type VendorCaller = {
  /** `POST /public/v1/query/<name>`: the answer. */
  query(name: string, body: Record<string, unknown>): Promise<unknown>
  /** `POST /public/v1/submit/<name>`: the completed activity's `result[resultKey]`. */
  submit(activity: {
    name: string
    type: string
    organizationId: string
    parameters: Record<string, unknown>
    resultKey: string
  }): Promise<Record<string, unknown>>
}

/**
 * A client of the vendor's public API signing with `apiKey` (`X-Stamp`), as
 * any backend is. Activity timestamps come from the sandbox clock, so a test
 * that moves the clock still meets the public API's freshness check. A vendor
 * error comes back as the same `VendorError` (status, code, message, details).
 */
export function createVendorCaller({
  url,
  apiKey,
  clock,
}: {
  url: string
  apiKey: ApiKeyPair
  clock: Clock
}): VendorCaller {
  const stamper = new ApiKeyStamper({
    apiPublicKey: apiKey.publicKey,
    apiPrivateKey: apiKey.privateKey,
  })

  async function post(path: string, body: Record<string, unknown>) {
    const json = JSON.stringify(body)
    const { stampHeaderName, stampHeaderValue } = await stamper.stamp(json)
    let response: Response
    try {
      response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [stampHeaderName]: stampHeaderValue,
        },
        body: json,
      })
    } catch {
      throw new VendorError(503, 14, 'the public API is unreachable')
    }
    const text = await response.text()
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      throw new VendorError(
        500,
        13,
        `internal error: the public API answered ${response.status} ${response.statusText}`,
      )
    }
    if (!response.ok) {
      const { code, message, details } = (answer ?? {}) as Record<
        string,
        unknown
      >
      throw new VendorError(
        response.status,
        typeof code === 'number' ? code : 13,
        typeof message === 'string' ? message : 'internal error',
        Array.isArray(details) ? details : [],
      )
    }
    return answer
  }

  return {
    query: (name, body) => post(`/public/v1/query/${name}`, body),
    async submit({ name, type, organizationId, parameters, resultKey }) {
      const { activity } = (await post(`/public/v1/submit/${name}`, {
        type,
        timestampMs: String(clock.now()),
        organizationId,
        parameters,
      })) as {
        activity: {
          status: string
          result?: Record<string, unknown>
          failure?: { code?: number; message?: string }
        }
      }
      const result = activity.result?.[resultKey]
      if (activity.status !== 'ACTIVITY_STATUS_COMPLETED' || !result)
        throw new VendorError(
          500,
          activity.failure?.code ?? 13,
          `the public API left the ${name} activity ${activity.status}${activity.failure?.message ? `: ${activity.failure.message}` : ''}`,
        )
      return result as Record<string, unknown>
    },
  }
}
