import { generateKeyPairSync, randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { type Clock, createClock } from './clock.js'
import { createVendorServer } from './createVendorServer.js'
import { VendorState } from './VendorState.js'

export type ApiKeyPair = {
  /** Compressed P-256 point, hex: the `apiPublicKey` of the vendor's stampers. */
  publicKey: string
  /** 32-byte P-256 scalar, hex: the `apiPrivateKey`. Keep it on the server. */
  privateKey: string
}

export type Vendor = {
  url: string
  parentOrganizationId: string
  /** The host backend's key for the parent organization. */
  parentApiKey: ApiKeyPair
  state: VendorState
  clock: Clock
  stop(): Promise<void>
}

export function generateApiKeyPair(): ApiKeyPair {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = privateKey.export({ format: 'jwk' })
  const x = Buffer.from(jwk.x!, 'base64url')
  const y = Buffer.from(jwk.y!, 'base64url')
  const prefix = (y.at(-1)! & 1) === 0 ? '02' : '03'
  return {
    publicKey: `${prefix}${x.toString('hex')}`,
    privateKey: Buffer.from(jwk.d!, 'base64url').toString('hex'),
  }
}

/** The Turnkey-compatible emulator on 127.0.0.1, with a parent organization and its API key. */
export async function startVendor(): Promise<Vendor> {
  const state = new VendorState()
  const clock = createClock()
  const parentApiKey = generateApiKeyPair()
  const nowMs = clock.now()
  const parent = state.createOrganization({
    organizationName: 'Sandbox parent organization',
    nowMs,
  })
  const backend = {
    userId: randomUUID(),
    userName: 'Sandbox host backend',
    userTags: [],
    apiKeys: [
      {
        apiKeyId: randomUUID(),
        apiKeyName: 'host backend',
        publicKey: parentApiKey.publicKey,
        type: 'CREDENTIAL_TYPE_API_KEY_P256' as const,
        createdAtMs: nowMs,
      },
    ],
    authenticators: [],
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  }
  parent.users.push(backend)
  parent.rootUserIds.push(backend.userId)

  const server = createVendorServer({ state, clock })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    parentOrganizationId: parent.organizationId,
    parentApiKey,
    state,
    clock,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
