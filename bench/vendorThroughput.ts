import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { TurnkeyClient } from '@turnkey/http'
import { keccak256, toHex } from 'viem'
import {
  generateApiKeyPair,
  startVendor,
} from '../sandbox/turnkey/startVendor.js'
import { signUp } from '../test/helpers/vendorUsers.js'
import { percentile } from './percentile.js'

export type ThroughputResult = {
  stamp: 'api key' | 'passkey'
  requests: number
  seconds: number
  requestsPerSecond: number
  p50Ms: number
  p95Ms: number
}

/**
 * `sign_raw_payload` requests per second against the vendor emulator, through
 * the vendor's own client, with `concurrency` requests in flight for `seconds`.
 */
export async function vendorThroughput({
  seconds = 3,
  concurrency = 8,
} = {}): Promise<ThroughputResult[]> {
  const vendor = await startVendor()
  try {
    const user = await signUp(vendor, 'bench')
    const key = generateApiKeyPair()
    await user.client.createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: String(Date.now()),
      organizationId: user.organizationId,
      parameters: {
        userId: user.userId,
        apiKeys: [
          {
            apiKeyName: 'bench',
            publicKey: key.publicKey,
            curveType: 'API_KEY_CURVE_P256',
          },
        ],
      },
    })
    const clients = {
      'api key': new TurnkeyClient(
        { baseUrl: vendor.url },
        new ApiKeyStamper({
          apiPublicKey: key.publicKey,
          apiPrivateKey: key.privateKey,
        }),
      ),
      passkey: user.client,
    } as const
    const results: ThroughputResult[] = []
    for (const [stamp, client] of Object.entries(clients) as [
      ThroughputResult['stamp'],
      TurnkeyClient,
    ][]) {
      let sequence = 0
      const latencies: number[] = []
      const deadline = performance.now() + seconds * 1000
      const startedAt = performance.now()
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < deadline) {
            const sent = performance.now()
            const { activity } = await client.signRawPayload({
              type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
              timestampMs: String(Date.now()),
              organizationId: user.organizationId,
              parameters: {
                signWith: user.address,
                payload: keccak256(toHex(`bench ${sequence++}`)),
                encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
                hashFunction: 'HASH_FUNCTION_NO_OP',
              },
            })
            if (activity.status !== 'ACTIVITY_STATUS_COMPLETED')
              throw new Error(`bench: activity ${activity.status}`)
            latencies.push(performance.now() - sent)
          }
        }),
      )
      const elapsed = (performance.now() - startedAt) / 1000
      results.push({
        stamp,
        requests: latencies.length,
        seconds: Number(elapsed.toFixed(2)),
        requestsPerSecond: Math.round(latencies.length / elapsed),
        p50Ms: percentile(latencies, 0.5),
        p95Ms: percentile(latencies, 0.95),
      })
    }
    return results
  } finally {
    await vendor.stop()
  }
}
