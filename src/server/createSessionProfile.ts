import {
  type AbiFunction,
  type Address,
  isAddress,
  parseAbiItem,
  toFunctionSelector,
} from 'viem'
import { isUuid, isWholeFrom } from '../core/checks.js'
import { BaseError } from '../core/errors.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { unexpectedVendorAnswer } from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import { InvalidPasskeyBackendParameterError } from './errors.js'

/**
 * What a session key may do alone: send transactions through the vendor,
 * which broadcasts each at once, and revoke itself on disconnect (the policy
 * language names no "key that signs", so deleting keys is allowed by type).
 * Never a signature it hands back: a raw payload (a digest can be an EIP-7702
 * authorization, a permit, an order, a transaction for later) or a signed
 * transaction would outlive the session. Exact activity types: a new version
 * of an activity is allowed only once the pack knows it.
 */
const sessionTypes = [
  'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
  'ACTIVITY_TYPE_DELETE_API_KEYS',
] as const

/** Limits on the transactions a session key may send alone; anything past them asks the passkey. */
export type SessionTransactionLimits = {
  /** Only to these addresses (contracts or accounts). */
  to?: readonly Address[] | undefined
  /** At most this much value, in wei, per transaction. */
  maxValue?: bigint | undefined
  /** Only on these chains. */
  chainIds?: readonly number[] | undefined
  /**
   * Only calls of these functions: signatures (`'transfer(address,uint256)'`,
   * `'function transfer(address to, uint256 amount)'`) or ABI function items.
   * `to` alone bounds the contract, not the call: `to: [token]` lets the key
   * send the token's `approve` as well as its `transfer`. A transfer of ETH
   * alone calls no function, so it is outside.
   */
  functions?: readonly (string | AbiFunction)[] | undefined
  /**
   * Only transactions your Gas Station pays for (`true`), or only those the
   * user pays for (`false`): with `false`, a page script holding the key
   * cannot have your Gas Station pay, whatever it asks. passkeyWallet says
   * `sponsor` on every send, as this limit needs.
   */
  sponsor?: boolean | undefined
}

export type InvalidSessionScopeErrorType = InvalidSessionScopeError & {
  name: 'InvalidSessionScopeError'
}
/** sessionScope() was given a limit it cannot write in the vendor's policy language. */
export class InvalidSessionScopeError extends BaseError {
  override name = 'InvalidSessionScopeError'
  static get code() {
    return 'invalid_session_scope' as const
  }
  constructor(reason: string) {
    super(`sessionScope: ${reason}`, {
      code: InvalidSessionScopeError.code,
      docsPath: 'docs/passkey.md#session-profiles',
    })
  }
}

const list = (values: readonly (string | number | bigint)[]) =>
  `[${values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(', ')}]`

/**
 * A session profile's scope, in the vendor's policy language. With no
 * limits: the pack's session, which sends any transaction through the
 * vendor and revokes itself, and nothing else: messages, typed data, signed
 * transactions and every credential, user, authenticator, policy, email or
 * export activity ask the passkey. With limits: only transactions within
 * them. The vendor's engine evaluates a whole scope for every request, and a
 * transaction's fields do not exist for a revocation, so such a key cannot
 * revoke itself (it ends when it expires, or at the user's next log-in).
 */
export function sessionScope(limits?: SessionTransactionLimits): string {
  if (limits === undefined) return `activity.type in ${list(sessionTypes)}`
  const { to, maxValue, chainIds, functions, sponsor } = limits
  const conditions = [`activity.type == '${sessionTypes[0]}'`]
  if (to !== undefined) {
    if (
      !Array.isArray(to) ||
      to.length === 0 ||
      !to.every((a) => isAddress(a, { strict: false }))
    )
      throw new InvalidSessionScopeError(
        '`to` must list one or more 0x addresses',
      )
    // The policy language compares hex in lower case.
    conditions.push(`eth.tx.to in ${list(to.map((a) => a.toLowerCase()))}`)
  }
  if (maxValue !== undefined) {
    if (typeof maxValue !== 'bigint' || maxValue < 0n)
      throw new InvalidSessionScopeError(
        '`maxValue` must be a bigint of wei, 0 or more',
      )
    conditions.push(`eth.tx.value <= ${maxValue}`)
  }
  if (chainIds !== undefined) {
    if (
      !Array.isArray(chainIds) ||
      chainIds.length === 0 ||
      !chainIds.every((id) => Number.isSafeInteger(id) && id > 0)
    )
      throw new InvalidSessionScopeError(
        '`chainIds` must list one or more chain ids',
      )
    conditions.push(`eth.tx.chain_id in ${list(chainIds)}`)
  }
  if (functions !== undefined)
    conditions.push(`eth.tx.data[0..10] in ${list(selectorsOf(functions))}`)
  if (sponsor !== undefined) {
    if (typeof sponsor !== 'boolean')
      throw new InvalidSessionScopeError('`sponsor` must be true or false')
    conditions.push(`activity.params.sponsor == ${sponsor}`)
  }
  if (conditions.length === 1)
    throw new InvalidSessionScopeError(
      'give at least one of `to`, `maxValue`, `chainIds`, `functions` and `sponsor`, or no limits at all',
    )
  return conditions.join(' && ')
}

/** The 4-byte selectors of `functions`, as the policy language reads calldata: lowercase hex. */
function selectorsOf(functions: readonly (string | AbiFunction)[]) {
  const refused = () =>
    new InvalidSessionScopeError(
      '`functions` must list one or more function signatures or ABI function items',
    )
  if (!Array.isArray(functions) || functions.length === 0) throw refused()
  return functions.map((item) => {
    if (
      typeof item !== 'string' &&
      (typeof item !== 'object' || item?.type !== 'function')
    )
      throw refused()
    try {
      // Parsed first: a misspelt type (`adress`) is refused, not hashed.
      const parsed =
        typeof item === 'string'
          ? parseAbiItem(
              item.startsWith('function ') ? item : `function ${item}`,
            )
          : item
      if (parsed.type !== 'function') throw refused()
      return toFunctionSelector(parsed).toLowerCase()
    } catch {
      throw refused()
    }
  })
}

/** What `createSessionProfile` creates: a name, the scope, and how long its sessions may last at most. */
export type SessionProfileOptions = {
  /** The profile's name at the vendor; 'passkeyWallet signing session' by default. */
  name?: string | undefined
  /** The policy-language scope; `sessionScope()` by default. */
  scope?: string | undefined
  /** The longest session a log-in under it gets, in seconds; the log-in's own when unset. */
  expirationSeconds?: number | undefined
}

/** A profile's options, checked and with their defaults: what the vendor keeps. */
export type SessionProfileParameters = {
  name: string
  scope: string
  expirationSeconds: number | undefined
}

/**
 * `options` checked and completed with the defaults; a bad one throws
 * InvalidPasskeyBackendParameterError naming it.
 */
export function sessionProfileParameters({
  name = 'passkeyWallet signing session',
  scope = sessionScope(),
  expirationSeconds,
}: SessionProfileOptions = {}): SessionProfileParameters {
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
  return { name, scope, expirationSeconds }
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
    ...options
  }: SessionProfileOptions & { organizationId: string; stamper: Stamper },
): Promise<{ sessionProfileId: string }> {
  const { name, scope, expirationSeconds } = sessionProfileParameters(options)
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
    throw unexpectedVendorAnswer(
      'create_session_profile returned no sessionProfileId',
    )
  return { sessionProfileId }
}
