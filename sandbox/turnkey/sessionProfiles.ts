import { randomUUID } from 'node:crypto'
import type {
  EndpointContext,
  QueryEndpoint,
  SubmitEndpoint,
} from './endpoint.js'
import { type Organization, type SessionProfile, toTimestamp } from './model.js'
import { PolicyLanguageError, parsePolicy } from './policyLanguage.js'
import { badRequest, notFound } from './VendorError.js'
import type { VendorState } from './VendorState.js'

/**
 * The profiles an organization sees: its own, then its parent's (a
 * sub-organization's login names the parent's).
 */
function visibleProfiles(
  state: VendorState,
  organization: Organization,
): SessionProfile[] {
  const parent = organization.parentOrganizationId
    ? state.organizations.get(organization.parentOrganizationId)
    : undefined
  return [
    ...(organization.sessionProfiles ?? []),
    ...(parent?.sessionProfiles ?? []),
  ]
}

export function findSessionProfile(
  state: VendorState,
  organization: Organization,
  sessionProfileId: string,
): SessionProfile | undefined {
  return visibleProfiles(state, organization).find(
    (profile) => profile.sessionProfileId === sessionProfileId,
  )
}

function requireProfile(
  context: EndpointContext,
  sessionProfileId: unknown,
): SessionProfile {
  const profile =
    typeof sessionProfileId === 'string'
      ? findSessionProfile(
          context.state,
          context.organization,
          sessionProfileId,
        )
      : undefined
  if (!profile) throw notFound('no session profile found with the given ID')
  return profile
}

/** The profile a login names, if it names one. */
export function loginSessionProfile(
  context: EndpointContext,
  sessionProfileId: unknown,
): SessionProfile | undefined {
  return sessionProfileId === undefined
    ? undefined
    : requireProfile(context, sessionProfileId)
}

/**
 * A login's lifetime: the profile's expiration is a ceiling on the one the
 * login asks for, and the lifetime when the login asks for none. `read`
 * reads the login's own (its default when absent).
 */
export function sessionSeconds(
  profile: SessionProfile | undefined,
  requested: unknown,
  read: (value: unknown) => number,
): number {
  const ceiling = profile?.expirationSeconds
  if (ceiling === undefined) return read(requested)
  return requested === undefined ? ceiling : Math.min(read(requested), ceiling)
}

/** The session JWT's claims that name the profile a session was issued under. */
export function sessionTypeClaims(
  profile: SessionProfile | undefined,
): Record<string, string> {
  return profile
    ? {
        session_type: profile.sessionProfileName,
        session_profile_id: profile.sessionProfileId,
        scope: profile.scope,
      }
    : { session_type: 'SESSION_TYPE_READ_WRITE' }
}

const profileView = (profile: SessionProfile) => ({
  sessionProfileId: profile.sessionProfileId,
  sessionProfileName: profile.sessionProfileName,
  scope: profile.scope,
  ...(profile.expirationSeconds === undefined
    ? {}
    : { expirationSeconds: String(profile.expirationSeconds) }),
  ...(profile.notes === undefined ? {} : { notes: profile.notes }),
  createdAt: toTimestamp(profile.createdAtMs),
  updatedAt: toTimestamp(profile.createdAtMs),
})

/**
 * `create_session_profile`: a parent organization's immutable profile. Its
 * scope is parsed now, so a scope the sandbox cannot evaluate is refused
 * before anything is stored.
 */
export const sessionProfileSubmits: Record<string, SubmitEndpoint> = {
  create_session_profile: {
    kind: 'submit',
    resultKeys: {
      ACTIVITY_TYPE_CREATE_SESSION_PROFILE: 'createSessionProfileResult',
    },
    handle(context, { sessionProfileName, scope, expirationSeconds, notes }) {
      const { organization, nowMs } = context
      if (organization.parentOrganizationId)
        throw badRequest(
          'session profiles belong to the parent organization: a sub-organization cannot create one',
        )
      if (typeof sessionProfileName !== 'string' || !sessionProfileName.trim())
        throw badRequest('sessionProfileName is required')
      if (typeof scope !== 'string') throw badRequest('bad request body')
      try {
        parsePolicy(scope)
      } catch (error) {
        if (error instanceof PolicyLanguageError)
          throw badRequest(`invalid scope: ${error.message}`)
        throw error
      }
      const seconds =
        expirationSeconds === undefined ? undefined : Number(expirationSeconds)
      if (seconds !== undefined && !(Number.isInteger(seconds) && seconds > 0))
        throw badRequest('invalid expiration seconds')
      const profile: SessionProfile = {
        sessionProfileId: randomUUID(),
        sessionProfileName,
        scope,
        expirationSeconds: seconds,
        notes: typeof notes === 'string' ? notes : undefined,
        createdAtMs: nowMs,
      }
      organization.sessionProfiles = [
        ...(organization.sessionProfiles ?? []),
        profile,
      ]
      return { sessionProfileId: profile.sessionProfileId }
    },
  },
}

/** `get_session_profile(s)`: an organization's profiles and its parent's. */
export const sessionProfileQueries: Record<string, QueryEndpoint> = {
  get_session_profile: {
    kind: 'query',
    sessionKeyReads: false,
    handle: (context, { sessionProfileId }) => ({
      sessionProfile: profileView(requireProfile(context, sessionProfileId)),
    }),
  },
  get_session_profiles: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ state, organization }) => ({
      sessionProfiles: visibleProfiles(state, organization).map(profileView),
    }),
  },
}
