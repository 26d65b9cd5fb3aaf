import { type Hex, parseTransaction } from 'viem'
import type { Principal } from './authenticate.js'
import {
  EvaluationError,
  evaluatePolicy,
  type Field,
  PolicyLanguageError,
  parsePolicy,
  type Value,
} from './policyLanguage.js'
import { findSessionProfile } from './sessionProfiles.js'
import { forbidden } from './VendorError.js'
import type { VendorState } from './VendorState.js'

/**
 * The reads a key issued under a session profile may make. A scope is
 * written in the policy language, which describes activities only, and
 * whether the vendor applies it to reads is not documented: the sandbox
 * takes the strict reading, keeping the reads a signing session needs
 * (who it is, its activities, its own keys to revoke itself, the accounts it
 * signs with, the status of what it sent) and refusing every other one.
 */
const sessionProfileReads: readonly string[] = [
  'whoami',
  'get_activity',
  'get_api_keys',
  'list_wallets',
  'get_wallet',
  'list_wallet_accounts',
  'get_send_transaction_status',
  'get_nonces',
]

/**
 * Refuses (403) a request its credential's session profile does not allow:
 * an activity whose type and parameters the profile's scope does not
 * evaluate to true for, or a read outside the reads above. A credential
 * without a profile is not limited here.
 */
export function checkSessionScope({
  principal,
  state,
  kind,
  name,
  body,
}: {
  principal: Principal
  state: VendorState
  kind: 'query' | 'submit'
  /** The path's name: `sign_transaction`, `whoami`, … */
  name: string
  body: Record<string, unknown>
}) {
  if (principal.credential.kind !== 'apiKey') return
  const { sessionProfileId } = principal.credential.apiKey
  if (sessionProfileId === undefined) return
  const profile = findSessionProfile(
    state,
    principal.organization,
    sessionProfileId,
  )
  if (!profile)
    throw forbidden(
      `request not authorized: session profile ${sessionProfileId} of this key no longer exists`,
    )
  const named = `session profile '${profile.sessionProfileName}' (${sessionProfileId})`
  if (kind === 'query') {
    if (!sessionProfileReads.includes(name))
      throw forbidden(
        `request not authorized: a key of ${named} reads only ${sessionProfileReads.join(', ')}, not ${name}`,
      )
    return
  }
  const type = String(body.type)
  let allowed: boolean
  try {
    allowed = evaluatePolicy(
      parsePolicy(profile.scope),
      requestFields(type, body.parameters),
    )
  } catch (error) {
    // A scope saved by an older sandbox may no longer parse: it denies too.
    if (
      !(
        error instanceof EvaluationError || error instanceof PolicyLanguageError
      )
    )
      throw error
    throw forbidden(
      `request not authorized: the scope of ${named} cannot be evaluated for ${type} (${error.message}), which denies it`,
    )
  }
  if (!allowed)
    throw forbidden(
      `request not authorized: the scope of ${named} does not allow ${type}`,
    )
}

/** What a scope reads of an activity: its type, and the Ethereum transaction it signs. */
function requestFields(
  type: string,
  parameters: unknown,
): (field: Field) => Value {
  let transaction: Partial<Record<Field, Value>> | undefined
  return (field) => {
    if (field === 'activity.type') return type
    transaction ??= ethereumTransaction(type, parameters)
    const value = transaction[field]
    if (value === undefined)
      throw new EvaluationError(`the transaction has no ${field}`)
    return value
  }
}

/** `eth.tx`: the unsigned transaction of `sign_transaction`, parsed; addresses and data in lowercase hex. */
function ethereumTransaction(
  type: string,
  parameters: unknown,
): Partial<Record<Field, Value>> {
  const { type: transactionType, unsignedTransaction } = (parameters ??
    {}) as Record<string, unknown>
  if (
    type !== 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' ||
    transactionType !== 'TRANSACTION_TYPE_ETHEREUM'
  )
    throw new EvaluationError(
      'eth.tx is the transaction of ACTIVITY_TYPE_SIGN_TRANSACTION_V2 with TRANSACTION_TYPE_ETHEREUM',
    )
  let parsed: ReturnType<typeof parseTransaction>
  try {
    const hex = String(unsignedTransaction)
    parsed = parseTransaction((hex.startsWith('0x') ? hex : `0x${hex}`) as Hex)
  } catch {
    throw new EvaluationError('the unsigned transaction does not parse')
  }
  return {
    'eth.tx.to': parsed.to?.toLowerCase(),
    // An RLP-empty value is zero.
    'eth.tx.value': parsed.value ?? 0n,
    'eth.tx.chain_id':
      parsed.chainId === undefined ? undefined : BigInt(parsed.chainId),
    'eth.tx.data': (parsed.data ?? '0x').toLowerCase(),
  }
}
