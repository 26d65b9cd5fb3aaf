import { type Hex, isAddress, isHex, parseTransaction } from 'viem'
import type { Principal } from './authenticate.js'
import type { Endpoint } from './endpoint.js'
import {
  EvaluationError,
  evaluatePolicy,
  type Field,
  PolicyLanguageError,
  parsePolicy,
  type Value,
} from './policyLanguage.js'
import { sessionKeyReads } from './routes.js'
import { findSessionProfile } from './sessionProfiles.js'
import { forbidden } from './VendorError.js'
import type { VendorState } from './VendorState.js'

/**
 * Refuses (403) a request its credential's session profile does not allow:
 * an activity whose type and parameters the profile's scope does not
 * evaluate to true for, or a read its route does not open to session keys.
 * A credential without a profile is not limited here.
 */
export function checkSessionScope({
  principal,
  state,
  name,
  endpoint,
  body,
}: {
  principal: Principal
  state: VendorState
  /** The path's name: `sign_transaction`, `whoami`, … */
  name: string
  endpoint: Endpoint
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
  if (endpoint.kind === 'query') {
    if (!endpoint.sessionKeyReads)
      throw forbidden(
        `request not authorized: a key of ${named} reads only ${sessionKeyReads.join(', ')}, not ${name}`,
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

/** What a scope reads of an activity: its type, its raw payload's parameters, and the Ethereum transaction or typed data it signs. */
function requestFields(
  type: string,
  parameters: unknown,
): (field: Field) => Value {
  const params = (parameters ?? {}) as Record<string, unknown>
  let transaction: Partial<Record<Field, Value>> | undefined
  return (field) => {
    if (field === 'activity.type') return type
    let value: Value | undefined
    if (field === 'activity.params.sponsor') value = sponsorOf(type, params)
    else if (field.startsWith('activity.params.'))
      value = rawPayloadParameter(type, params, field)
    else if (field === 'eth.eip_712.primary_type')
      value = primaryType(type, params)
    else {
      transaction ??= ethereumTransaction(type, params)
      value = transaction[field]
    }
    if (value === undefined)
      throw new EvaluationError(`the request has no ${field}`)
    return value
  }
}

const rawPayloadTypes = [
  'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
]

/** `activity.params.encoding` and `.hash_function`: the raw payload's own parameters, which other activities do not have. */
function rawPayloadParameter(
  type: string,
  params: Record<string, unknown>,
  field: Field,
): Value | undefined {
  if (!rawPayloadTypes.includes(type))
    throw new EvaluationError(
      `${field} is a parameter of a raw payload, not of ${type}`,
    )
  const value =
    field === 'activity.params.encoding' ? params.encoding : params.hashFunction
  return typeof value === 'string' ? value : undefined
}

/** `activity.params.sponsor`: whether a sent transaction asks the Gas Station to pay, as the request says it. */
function sponsorOf(type: string, params: Record<string, unknown>) {
  if (type !== 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2')
    throw new EvaluationError(
      `activity.params.sponsor is a parameter of ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2, not of ${type}`,
    )
  return typeof params.sponsor === 'boolean' ? params.sponsor : undefined
}

/** `eth.eip_712.primary_type`: the typed data of one raw payload encoded as EIP-712, parsed. */
function primaryType(type: string, params: Record<string, unknown>) {
  if (
    type !== 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' ||
    params.encoding !== 'PAYLOAD_ENCODING_EIP712'
  )
    throw new EvaluationError(
      'eth.eip_712 is the typed data of ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2 with PAYLOAD_ENCODING_EIP712',
    )
  try {
    const { primaryType } = JSON.parse(String(params.payload)) as {
      primaryType?: unknown
    }
    return typeof primaryType === 'string' ? primaryType : undefined
  } catch {
    throw new EvaluationError('the typed data does not parse')
  }
}

/**
 * `eth.tx`: the unsigned transaction of `sign_transaction`, parsed, or the
 * one call of `eth_send_transaction` on its chain; addresses and data in
 * lowercase hex. A batch of several calls has no documented `eth.tx`.
 */
function ethereumTransaction(
  type: string,
  params: Record<string, unknown>,
): Partial<Record<Field, Value>> {
  if (type === 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2') return sentCall(params)
  const { type: transactionType, unsignedTransaction } = params
  if (
    type !== 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' ||
    transactionType !== 'TRANSACTION_TYPE_ETHEREUM'
  )
    throw new EvaluationError(
      'eth.tx is the transaction of ACTIVITY_TYPE_SIGN_TRANSACTION_V2 with TRANSACTION_TYPE_ETHEREUM, or the one call of ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
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

function sentCall(
  params: Record<string, unknown>,
): Partial<Record<Field, Value>> {
  const { calls, caip2 } = params
  if (!Array.isArray(calls) || calls.length !== 1)
    throw new EvaluationError(
      'eth.tx of eth_send_transaction is its one call: a batch of several calls has none',
    )
  const [call] = calls as Record<string, unknown>[]
  const chain = /^eip155:([1-9][0-9]*)$/.exec(String(caip2))
  const value = call?.value ?? '0'
  if (
    !chain ||
    typeof call?.to !== 'string' ||
    !isAddress(call.to, { strict: false }) ||
    typeof value !== 'string' ||
    !/^[0-9]+$/.test(value) ||
    (call.data !== undefined &&
      (typeof call.data !== 'string' || !isHex(call.data)))
  )
    throw new EvaluationError('the call does not parse')
  return {
    'eth.tx.to': call.to.toLowerCase(),
    'eth.tx.value': BigInt(value),
    'eth.tx.chain_id': BigInt(chain[1]!),
    'eth.tx.data': ((call.data as string | undefined) ?? '0x').toLowerCase(),
  }
}
