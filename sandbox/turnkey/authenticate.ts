import type { IncomingHttpHeaders } from 'node:http'
import { parseApiKeyStamp } from './apiKeyStamp.js'
import type { ApiKey, Authenticator, Organization, User } from './model.js'
import { verifyP256 } from './p256.js'
import type { RelyingParties } from './relyingParties.js'
import { forbidden, unauthenticated } from './VendorError.js'
import type { VendorState } from './VendorState.js'
import { parseWebauthnStamp, verifyWebauthnStamp } from './webauthnStamp.js'

export type Principal = {
  /** The organization the request acts on (a sub-org when its credential asked through the parent). */
  organization: Organization
  user: User
  credential:
    | { kind: 'apiKey'; apiKey: ApiKey }
    | { kind: 'passkey'; authenticator: Authenticator }
  /** The stamp's signature, as a vote on the activity records it. */
  stamp: { publicKey: string; signature: string; scheme: string }
}

export type RequestScope = {
  /** A credential of a sub-org may address the parent (whoami, sessions). */
  subOrgMayUseParentId: boolean
  /** A credential of the parent may act on a sub-org (reads, recovery and auth starts). */
  parentMayAct: boolean
}

type Owner = { organization: Organization; user: User }

/**
 * Checks the request's one stamp over the raw body and works out which
 * organization and user it acts as, by the vendor's rules.
 */
export async function authenticate({
  headers,
  rawBody,
  target,
  scope,
  state,
  nowMs,
  relyingParties,
}: {
  headers: IncomingHttpHeaders
  rawBody: Buffer
  target: Organization
  scope: RequestScope
  state: VendorState
  nowMs: number
  relyingParties: RelyingParties
}): Promise<Principal> {
  const apiKeyHeader = headers['x-stamp']
  const webauthnHeader = headers['x-stamp-webauthn']
  if (typeof apiKeyHeader === 'string' && typeof webauthnHeader === 'string')
    throw unauthenticated('malformed activity stamp')
  const organizations = state.neighbourhood(target)

  // Find the credential and check the signature first: what it may do is
  // decided only for a request that is really signed by it.
  if (typeof apiKeyHeader === 'string') {
    const stamp = parseApiKeyStamp(apiKeyHeader)
    const isLive = ({ apiKey }: { apiKey: ApiKey }) =>
      apiKey.expirationSeconds === undefined ||
      nowMs < apiKey.createdAtMs + apiKey.expirationSeconds * 1000
    const owners = state.apiKeyOwners(stamp.publicKey, organizations)
    // The same public key may be registered again (a new login session): a live record wins.
    const candidates = owners.some(isLive) ? owners.filter(isLive) : owners
    const candidate = preferred(candidates, target, 'public key')
    if (!isLive(candidate)) throw unauthenticated('expired api key')
    if (!verifyP256(stamp.publicKey, stamp.signature, rawBody))
      throw unauthenticated('could not verify api key signature')
    const owner = authorize(candidates, candidate, target, scope, 'public key')
    return {
      ...owner,
      credential: { kind: 'apiKey', apiKey: candidate.apiKey },
      stamp: { ...stamp, scheme: 'SIGNATURE_SCHEME_TK_API_P256' },
    }
  }

  if (typeof webauthnHeader === 'string') {
    const stamp = parseWebauthnStamp(webauthnHeader)
    const owners = state.authenticatorOwners(stamp.credentialId, organizations)
    const candidate = preferred(owners, target, 'credential ID')
    const { authenticator } = candidate
    const counter = await verifyWebauthnStamp(
      stamp,
      authenticator,
      rawBody,
      relyingParties,
    )
    // Overlapping verifications may finish out of order: the counter only rises.
    authenticator.counter = Math.max(authenticator.counter, counter)
    const owner = authorize(owners, candidate, target, scope, 'credential ID')
    return {
      ...owner,
      credential: { kind: 'passkey', authenticator },
      stamp: {
        publicKey: authenticator.publicKey,
        signature: stamp.signature,
        scheme: 'SIGNATURE_SCHEME_TK_WEBAUTHN',
      },
    }
  }

  throw unauthenticated(
    'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
  )
}

type CredentialKind = 'public key' | 'credential ID'

function notFoundError(what: CredentialKind) {
  return unauthenticated(
    what === 'public key'
      ? 'could not find public key in organization or its parent organization'
      : 'credential ID could not be found in organization or its parent organization',
  )
}

/** The record to verify against: the target's own, else the parent's, else a sub-org's. */
function preferred<owner extends Owner>(
  owners: owner[],
  target: Organization,
  what: CredentialKind,
): owner {
  const candidate =
    owners.find((o) => o.organization === target) ??
    owners.find(
      (o) => o.organization.organizationId === target.parentOrganizationId,
    ) ??
    owners.find(
      (o) => o.organization.parentOrganizationId === target.organizationId,
    )
  if (!candidate) throw notFoundError(what)
  return candidate
}

/** The vendor's rules for a verified credential acting on `target`. */
function authorize<owner extends Owner>(
  owners: owner[],
  candidate: owner,
  target: Organization,
  scope: RequestScope,
  what: CredentialKind,
): owner {
  if (candidate.organization === target) return candidate
  if (candidate.organization.organizationId === target.parentOrganizationId) {
    if (!scope.parentMayAct) throw forbidden()
    return { ...candidate, organization: target }
  }
  if (!scope.subOrgMayUseParentId) throw forbidden()
  const subOrganizations = new Set(
    owners
      .filter(
        (o) => o.organization.parentOrganizationId === target.organizationId,
      )
      .map((o) => o.organization),
  )
  if (subOrganizations.size > 1)
    throw unauthenticated(`more than one suborg associated with a ${what}`)
  return candidate
}
