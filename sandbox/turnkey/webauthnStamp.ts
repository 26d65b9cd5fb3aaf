import { createHash } from 'node:crypto'
import { verifyAuthenticationResponse } from '@simplewebauthn/server'
import type { Authenticator } from './model.js'
import type { RelyingParties } from './relyingParties.js'
import { unauthenticated } from './VendorError.js'

export type WebauthnStamp = {
  authenticatorData: string
  clientDataJson: string
  credentialId: string
  signature: string
}

const verificationFailed = () =>
  unauthenticated('could not verify WebAuthN signature')

/** Decodes an `X-Stamp-Webauthn` header: plain JSON of base64url fields. */
export function parseWebauthnStamp(header: string): WebauthnStamp {
  let stamp: unknown
  try {
    stamp = JSON.parse(header)
  } catch {
    throw unauthenticated('malformed activity stamp')
  }
  const fields = (stamp ?? {}) as Record<string, unknown>
  for (const name of [
    'authenticatorData',
    'clientDataJson',
    'credentialId',
    'signature',
  ])
    if (
      typeof fields[name] !== 'string' ||
      !/^[-_A-Za-z0-9]+$/.test(fields[name] as string)
    )
      throw unauthenticated('malformed activity stamp')
  return fields as WebauthnStamp
}

/** The challenge a passkey signs for a request: the UTF-8 bytes of hex(sha256(body)). */
function webauthnChallenge(rawBody: Uint8Array) {
  const hexDigest = createHash('sha256').update(rawBody).digest('hex')
  return Buffer.from(hexDigest, 'utf8').toString('base64url')
}

/**
 * Verifies the assertion over the exact body: challenge, type, rp id hash,
 * user presence, signature and a rising counter. Returns the new counter.
 */
export async function verifyWebauthnStamp(
  stamp: WebauthnStamp,
  authenticator: Authenticator,
  rawBody: Uint8Array,
  relyingParties: RelyingParties,
): Promise<number> {
  let origin: unknown
  try {
    origin = JSON.parse(
      Buffer.from(stamp.clientDataJson, 'base64url').toString('utf8'),
    ).origin
  } catch {
    throw verificationFailed()
  }
  // The page must be one of the rp id's own origins.
  if (
    typeof origin !== 'string' ||
    !relyingParties.rpIdsFor(origin).includes(authenticator.rpId)
  )
    throw verificationFailed()
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse(
      {
        response: {
          id: stamp.credentialId,
          rawId: stamp.credentialId,
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            authenticatorData: stamp.authenticatorData,
            clientDataJSON: stamp.clientDataJson,
            signature: stamp.signature,
          },
        },
        expectedChallenge: webauthnChallenge(rawBody),
        expectedOrigin: origin,
        expectedRPID: authenticator.rpId,
        expectedType: 'webauthn.get',
        credential: {
          id: authenticator.credentialId,
          publicKey: Buffer.from(authenticator.publicKey, 'base64url'),
          counter: authenticator.counter,
        },
        requireUserVerification: false,
      },
    )
    if (!verified) throw verificationFailed()
    return authenticationInfo.newCounter
  } catch {
    throw verificationFailed()
  }
}
