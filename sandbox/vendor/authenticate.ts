import type { IncomingHttpHeaders } from 'node:http'
import { parseApiKeyStamp } from './apiKeyStamp.js'
import type { ApiKey, Authenticator, Organization, User } from './model.js'
import { verifyP256 } from './p256.js'
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
  isAllowedOrigin,
}: {
  headers: IncomingHttpHeaders
  rawBody: Buffer
  target: Organization
  scope: RequestScope
  state: VendorState
  nowMs: number
  isAllowedOrigin(origin: string): boolean
}): Promise<Principal> {
  const apiKeyHeader = headers['x-stamp']
  const webauthnHeader = headers['x-stamp-webauthn']
  if (typeof apiKeyHeader === 'string' && typeof webauthnHeader === 'string')
    throw unauthenticated('malformed activity stamp')
  const organizations = state.neighbourhood(target)

  if (typeof apiKeyHeader === 'string') {
    const stamp = parseApiKeyStamp(apiKeyHeader)
    const owners = state.apiKeyOwners(stamp.publicKey, organizations)
    const owner = resolveOwner(owners, target, scope, 'public key')
    const { apiKey } = owner
    if (
      apiKey.expirationSeconds !== undefined &&
      nowMs >= apiKey.createdAtMs + apiKey.expirationSeconds * 1000
    )
      throw unauthenticated('expired api key')
    if (!verifyP256(stamp.publicKey, stamp.signature, rawBody))
      throw unauthenticated('could not verify api key signature')
    return { ...owner, credential: { kind: 'apiKey', apiKey } }
  }

  if (typeof webauthnHeader === 'string') {
    const stamp = parseWebauthnStamp(webauthnHeader)
    const owners = state.authenticatorOwners(stamp.credentialId, organizations)
    const owner = resolveOwner(owners, target, scope, 'credential ID')
    const { authenticator } = owner
    authenticator.counter = await verifyWebauthnStamp(
      stamp,
      authenticator,
      rawBody,
      isAllowedOrigin,
    )
    return { ...owner, credential: { kind: 'passkey', authenticator } }
  }

  throw unauthenticated(
    'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
  )
}

function resolveOwner<owner extends Owner>(
  owners: owner[],
  target: Organization,
  scope: RequestScope,
  what: 'public key' | 'credential ID',
): owner {
  const notFound = () =>
    unauthenticated(
      what === 'public key'
        ? 'could not find public key in organization or its parent organization'
        : 'credential ID could not be found in organization or its parent organization',
    )
  const own = owners.find((o) => o.organization === target)
  if (own) return own
  const fromParent = owners.find(
    (o) => o.organization.organizationId === target.parentOrganizationId,
  )
  if (fromParent) {
    if (!scope.parentMayAct) throw forbidden()
    return { ...fromParent, organization: target }
  }
  const fromSubOrgs = owners.filter(
    (o) => o.organization.parentOrganizationId === target.organizationId,
  )
  if (fromSubOrgs.length === 0) throw notFound()
  if (!scope.subOrgMayUseParentId) throw forbidden()
  if (fromSubOrgs.length > 1)
    throw unauthenticated(
      `more than one suborg associated with a ${what === 'public key' ? 'public key' : 'credential ID'}`,
    )
  return fromSubOrgs[0]!
}
