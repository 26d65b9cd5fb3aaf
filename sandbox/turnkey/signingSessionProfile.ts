import { createVendorCaller } from './authProxy/createVendorCaller.js'
import type { Vendor } from './startVendor.js'

/**
 * The scope of the sandbox's signing session profile: a session key issued
 * under it sends transactions through the vendor, which broadcasts each at
 * once, and deletes API keys (its own, on disconnect: the policy language has
 * no keyword for the key that signs the request, so deleting keys is allowed
 * by type), and nothing else: no signature it could keep past the session
 * (a raw payload, a signed transaction), and nothing that is not signing;
 * anything else asks the passkey. Exact activity types, not version-agnostic
 * kinds: a new version of an activity is allowed only once someone has
 * looked at it.
 */
export const signingSessionScope =
  "activity.type in ['ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2', 'ACTIVITY_TYPE_DELETE_API_KEYS']"

const sessionProfileName = 'Signing session'

/**
 * The id of the parent organization's signing session profile, created
 * through the public API with the parent's API key as a host would; over
 * saved state (`--data`) the profile made by an earlier start is reused, as
 * profiles are immutable and never deleted.
 */
export async function signingSessionProfileId(
  vendor: Pick<
    Vendor,
    'url' | 'parentApiKey' | 'parentOrganizationId' | 'clock'
  >,
): Promise<string> {
  const caller = createVendorCaller({
    url: vendor.url,
    apiKey: vendor.parentApiKey,
    clock: vendor.clock,
  })
  const organizationId = vendor.parentOrganizationId
  const { sessionProfiles } = (await caller.query('get_session_profiles', {
    organizationId,
  })) as {
    sessionProfiles: {
      sessionProfileId: string
      sessionProfileName: string
      scope: string
    }[]
  }
  const earlier = sessionProfiles.find(
    (profile) =>
      profile.sessionProfileName === sessionProfileName &&
      profile.scope === signingSessionScope,
  )
  if (earlier) return earlier.sessionProfileId
  const { sessionProfileId } = await caller.submit({
    name: 'create_session_profile',
    type: 'ACTIVITY_TYPE_CREATE_SESSION_PROFILE',
    organizationId,
    parameters: {
      sessionProfileName,
      scope: signingSessionScope,
      notes: 'Sends transactions and revokes itself; nothing else.',
    },
    resultKey: 'createSessionProfileResult',
  })
  return sessionProfileId as string
}
