import { randomUUID } from 'node:crypto'
import { verifyRegistrationResponse } from '@simplewebauthn/server'
import type { Authenticator } from './model.js'
import type { RelyingParties } from './relyingParties.js'
import { badRequest } from './VendorError.js'

export type AuthenticatorParams = {
  authenticatorName?: unknown
  challenge?: unknown
  attestation?: {
    credentialId?: unknown
    clientDataJson?: unknown
    attestationObject?: unknown
    transports?: unknown
  }
}

const invalidAttestation = () => badRequest('invalid authenticator attestation')

/**
 * Verifies a passkey registration (`webauthn.create`, challenge = the
 * `challenge` parameter) and returns the authenticator to store. The rp id is
 * the one the sandbox serves for that origin whose hash the authenticator signed.
 */
export async function verifyAttestation(
  params: AuthenticatorParams,
  { nowMs, relyingParties }: { nowMs: number; relyingParties: RelyingParties },
): Promise<Authenticator> {
  if (typeof params !== 'object' || params === null)
    throw badRequest('bad request body')
  const { authenticatorName, challenge, attestation } = params
  if (
    typeof authenticatorName !== 'string' ||
    typeof challenge !== 'string' ||
    typeof attestation?.credentialId !== 'string' ||
    typeof attestation.clientDataJson !== 'string' ||
    typeof attestation.attestationObject !== 'string'
  )
    throw badRequest('bad request body')
  const transports = Array.isArray(attestation.transports)
    ? attestation.transports.filter((t): t is string => typeof t === 'string')
    : []
  let origin: string
  try {
    origin = JSON.parse(
      Buffer.from(attestation.clientDataJson, 'base64url').toString('utf8'),
    ).origin
  } catch {
    throw invalidAttestation()
  }
  const rpIdCandidates = relyingParties.rpIdsFor(origin)
  if (rpIdCandidates.length === 0) throw invalidAttestation()
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: {
        id: attestation.credentialId,
        rawId: attestation.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: attestation.clientDataJson,
          attestationObject: attestation.attestationObject,
        },
      },
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpIdCandidates,
      requireUserVerification: false,
      supportedAlgorithmIDs: [-7, -257],
    })
    if (!verified || !registrationInfo) throw invalidAttestation()
    return {
      authenticatorId: randomUUID(),
      authenticatorName,
      credentialId: registrationInfo.credential.id,
      publicKey: Buffer.from(registrationInfo.credential.publicKey).toString(
        'base64url',
      ),
      rpId: registrationInfo.rpID ?? rpIdCandidates[0]!,
      counter: registrationInfo.credential.counter,
      transports,
      aaguid: registrationInfo.aaguid,
      attestationType: registrationInfo.fmt,
      createdAtMs: nowMs,
    }
  } catch {
    throw invalidAttestation()
  }
}
