import { BaseError } from '../core/errors.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { unexpectedVendorAnswer } from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import {
  createSessionProfile,
  type SessionProfileOptions,
  sessionProfileParameters,
} from './createSessionProfile.js'

export type SessionProfileConflictErrorType = SessionProfileConflictError & {
  name: 'SessionProfileConflictError'
}
/**
 * The parent organization has a session profile of the name asked, with
 * another scope or lifetime. Profiles are immutable and never deleted, so it
 * cannot become the one asked: a new name makes a new profile.
 */
export class SessionProfileConflictError extends BaseError {
  override name = 'SessionProfileConflictError'
  static get code() {
    return 'session_profile_conflict' as const
  }
  /** The id of the profile that has the name. */
  readonly sessionProfileId: string
  constructor({
    name,
    sessionProfileId,
  }: {
    name: string
    sessionProfileId: string
  }) {
    super(
      `The session profile "${name}" (${sessionProfileId}) has another scope or expiration than the one asked, and a profile cannot change: give the new one another name, then pass its id to passkeyWallet({ session: { profileId } }).`,
      {
        code: SessionProfileConflictError.code,
        docsPath: 'docs/vendor-setup.md#5-the-session-profile',
      },
    )
    this.sessionProfileId = sessionProfileId
  }
}

/** A profile as `get_session_profiles` lists it: the fields compared. */
type ListedProfile = {
  sessionProfileId?: unknown
  sessionProfileName?: unknown
  scope?: unknown
  expirationSeconds?: unknown
}

/**
 * The parent organization's session profile of this name, scope and
 * lifetime: the one it has (`get_session_profiles`), else a new one
 * (`create_session_profile`). Run twice, the second run finds the first's
 * and changes nothing. The same name with another scope or lifetime is a
 * SessionProfileConflictError, never a profile that bounds keys otherwise.
 */
export async function ensureSessionProfile(
  vendor: VendorClient,
  {
    organizationId,
    stamper,
    ...options
  }: SessionProfileOptions & { organizationId: string; stamper: Stamper },
): Promise<{ sessionProfileId: string; created: boolean }> {
  // Checked before any request: a bad option asks nothing of the vendor.
  const wanted = sessionProfileParameters(options)
  const { sessionProfiles } = await vendor.query<{
    sessionProfiles?: unknown
  }>('get_session_profiles', { organizationId }, stamper)
  if (!Array.isArray(sessionProfiles))
    throw unexpectedVendorAnswer('get_session_profiles listed no profiles')
  const named = (sessionProfiles as ListedProfile[]).filter(
    (profile) => profile?.sessionProfileName === wanted.name,
  )
  const same = named.find(
    (profile) =>
      profile.scope === wanted.scope &&
      // The vendor keeps the lifetime as a decimal string, absent when unset.
      (profile.expirationSeconds ?? undefined) ===
        (wanted.expirationSeconds === undefined
          ? undefined
          : String(wanted.expirationSeconds)),
  )
  if (same) {
    if (typeof same.sessionProfileId !== 'string')
      throw unexpectedVendorAnswer(
        'get_session_profiles listed a profile without its sessionProfileId',
      )
    return { sessionProfileId: same.sessionProfileId, created: false }
  }
  const [other] = named
  if (other)
    throw new SessionProfileConflictError({
      name: wanted.name,
      sessionProfileId: String(other.sessionProfileId),
    })
  const { sessionProfileId } = await createSessionProfile(vendor, {
    ...wanted,
    organizationId,
    stamper,
  })
  return { sessionProfileId, created: true }
}
