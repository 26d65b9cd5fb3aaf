import { isUuid } from '../core/isUuid.js'
import { isWholeFrom } from '../core/isWholeFrom.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { sessionScope } from '../turnkey/sessionScope.js'
import type { Stamper } from '../turnkey/stampers.js'
import {
  InvalidPasskeyBackendParameterError,
  UnexpectedVendorAnswer,
} from './errors.js'

/** What `createSessionProfile` creates: a name, the scope, and how long its sessions may last at most. */
export type SessionProfileOptions = {
  /** The profile's name at the vendor; 'passkeyWallet signing session' by default. */
  name?: string | undefined
  /** The policy-language scope; `sessionScope()` by default. */
  scope?: string | undefined
  /** The longest session a log-in under it gets, in seconds; the log-in's own when unset. */
  expirationSeconds?: number | undefined
}

/**
 * The parent organization's session profile (`create_session_profile`,
 * signed with the parent API key): immutable, made once at setup, its id
 * given to `passkeyWallet({ session: { profileId } })`.
 */
export async function createSessionProfile(
  vendor: VendorClient,
  {
    organizationId,
    stamper,
    name = 'passkeyWallet signing session',
    scope = sessionScope(),
    expirationSeconds,
  }: SessionProfileOptions & { organizationId: string; stamper: Stamper },
): Promise<{ sessionProfileId: string }> {
  if (typeof name !== 'string' || name.trim() === '')
    throw new InvalidPasskeyBackendParameterError(
      'createSessionProfile name',
      'a name for the profile',
    )
  if (typeof scope !== 'string' || scope.trim() === '')
    throw new InvalidPasskeyBackendParameterError(
      'createSessionProfile scope',
      'a policy-language scope, such as sessionScope() returns',
    )
  if (
    expirationSeconds !== undefined &&
    !isWholeFrom(expirationSeconds, 30, 31_536_000)
  )
    throw new InvalidPasskeyBackendParameterError(
      'createSessionProfile expirationSeconds',
      'whole seconds from 30 to 31536000',
    )
  const { sessionProfileId } = await vendor.submit<{
    sessionProfileId?: unknown
  }>(
    'create_session_profile',
    {
      type: 'ACTIVITY_TYPE_CREATE_SESSION_PROFILE',
      organizationId,
      parameters: {
        sessionProfileName: name,
        scope,
        ...(expirationSeconds !== undefined && {
          expirationSeconds: String(expirationSeconds),
        }),
      },
      resultKey: 'createSessionProfileResult',
    },
    stamper,
  )
  if (!isUuid(sessionProfileId))
    throw new UnexpectedVendorAnswer(
      'create_session_profile returned no sessionProfileId',
    )
  return { sessionProfileId }
}
