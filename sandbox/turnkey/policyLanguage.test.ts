import { describe, expect, it } from 'vitest'
import {
  EvaluationError,
  evaluatePolicy,
  type Field,
  PolicyLanguageError,
  parsePolicy,
  type Value,
} from './policyLanguage.js'
import { signingSessionScope } from './signingSessionProfile.js'

const recipient = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

/** A request's fields; a field it lacks is an evaluation error, as `eth.tx` of a raw payload. */
const request =
  (fields: Partial<Record<Field, Value>>) =>
  (field: Field): Value => {
    const value = fields[field]
    if (value === undefined) throw new EvaluationError(`no ${field}`)
    return value
  }

const evaluate = (scope: string, fields: Partial<Record<Field, Value>>) =>
  evaluatePolicy(parsePolicy(scope), request(fields))

const refusal = (scope: string) => {
  try {
    parsePolicy(scope)
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyLanguageError)
    return (error as Error).message
  }
  throw new Error(`accepted: ${scope}`)
}

describe('parsePolicy accepts the documented forms', () => {
  it.each([
    ['true', {}, true],
    ['false', {}, false],
    ["activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'", {}, true],
    ["activity.type != 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'", {}, false],
    ["activity.type in ['ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', 'X']", {}, true],
    ["activity.type in ['X', 'Y']", {}, false],
    ['1 < 2', {}, true],
    ['2 <= 2', {}, true],
    ['3 > 2 && 2 >= 3', {}, false],
    ['1 in [1, 2, 3]', {}, true],
    ["'a' != 'b'", {}, true],
    ['true && false', {}, false],
    ['false || true || false', {}, true],
    ['!false', {}, true],
    ["!(activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2')", {}, false],
    ['!!true', {}, true],
    ["(activity.type == 'X' || true) && (1 == 1)", {}, true],
    [
      `eth.tx.to == '${recipient}' && eth.tx.value <= 1000000000000000000 && eth.tx.chain_id == 1`,
      {
        'eth.tx.to': recipient,
        'eth.tx.value': 10n ** 18n,
        'eth.tx.chain_id': 1n,
      },
      true,
    ],
    ["eth.tx.data == '0xa9059cbb'", { 'eth.tx.data': '0xa9059cbb' }, true],
    [`eth.tx.to in ['${recipient}']`, { 'eth.tx.to': recipient }, true],
  ] as const)('%s', (scope, fields, outcome) => {
    expect(
      evaluate(scope, {
        'activity.type': 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        ...fields,
      }),
    ).toBe(outcome)
  })

  it('the largest int is 2^127 - 1', () => {
    expect(evaluate(`${2n ** 127n - 1n} > 0`, {})).toBe(true)
    expect(refusal(`${2n ** 127n} > 0`)).toMatch(/above the largest int/)
  })
})

describe('parsePolicy refuses what it cannot read, saying why', () => {
  it.each([
    ['', /unexpected end of the scope/],
    ['garbage', /unknown field 'garbage'/],
    ["activity.kind == 'SIGN_TRANSACTION'", /unknown field 'activity.kind'/],
    ["activity.action == 'SIGN'", /unknown field 'activity.action'/],
    ["wallet.id == 'x'", /unknown field 'wallet.id'/],
    ['activity.params.api_key_ids.count() == 1', /functions are not supported/],
    ["eth.tx.data[0] == '0x'", /not an index/],
    ["eth.tx.data[10..0] == '0x'", /ends \(0\) before it starts \(10\)/],
    ['eth.tx.value[0..2] == 1', /slices strings only/],
    ["eth.tx.data[0..10] == '0xA9059CBB'", /is not lowercase hex/],
    ['activity.type == "X"', /single quotes only/],
    ["activity.type == 'X", /unterminated string/],
    ["activity.type == 'it\\'s'", /documents no escapes/],
    [
      "activity.type == 'X' && true || false",
      /no precedence between && and \|\|/,
    ],
    ["!activity.type == 'X'", /write !\( … \) around what it negates/],
    ['activity.type', /the scope is a string, not a condition/],
    ['eth.tx.value', /the scope is an int/],
    ["eth.tx.value == '1'", /== compares two ints, two strings or two bools/],
    ["activity.type < 'B'", /< compares two ints/],
    [
      'activity.params.sponsor == 1',
      /== compares two ints, two strings or two bools/,
    ],
    ["activity.type in ['X', 1]", /mixes strings and ints/],
    ['activity.type in []', /is empty/],
    ["activity.type in 'X'", /'in' takes a string or int and a list literal/],
    ['1 < 2 < 3', /comparisons do not chain/],
    ['1 && true', /&& joins conditions: what starts at '1' at 0 is an int/],
    ['-1 < 0', /unexpected character '-'/],
    ["activity.type == 'X' ; true", /unexpected character ';'/],
    ['(true', /expected '\)'/],
    ['true)', /unexpected '\)'/],
    [
      "eth.tx.to == '0x70997970C51812dc3a010C7d01b50e0d17dc79C8'",
      /is not an address, '0x' and 40 lowercase hex digits/,
    ],
    ["eth.tx.to in ['0x1234']", /is not an address/],
    ["eth.tx.data == '0xA9059CBB'", /is not calldata/],
  ])('%s', (scope, reason) => {
    expect(refusal(scope)).toMatch(reason)
  })
})

describe('evaluatePolicy', () => {
  it('does not short-circuit: an error anywhere is the outcome', () => {
    const rawPayload = request({
      'activity.type': 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    })
    expect(() =>
      evaluatePolicy(
        parsePolicy(
          `activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' || eth.tx.to == '${recipient}'`,
        ),
        rawPayload,
      ),
    ).toThrow(EvaluationError)
    expect(() =>
      evaluatePolicy(parsePolicy('false && eth.tx.chain_id == 1'), rawPayload),
    ).toThrow(EvaluationError)
  })

  it('a slice of a string field: the characters from start to before end, as a function selector is read', () => {
    const transfer = request({
      'eth.tx.data': `0xa9059cbb${'00'.repeat(64)}`,
    })
    const scope = parsePolicy(
      "eth.tx.data[0..10] in ['0xa9059cbb', '0x23b872dd']",
    )
    expect(evaluatePolicy(scope, transfer)).toBe(true)
    const approve = request({ 'eth.tx.data': `0x095ea7b3${'00'.repeat(64)}` })
    expect(evaluatePolicy(scope, approve)).toBe(false)
    // A plain transfer of ETH has no selector: '0x' is not one of them.
    expect(evaluatePolicy(scope, request({ 'eth.tx.data': '0x' }))).toBe(false)
  })

  it('a value above the largest int is an evaluation error', () => {
    expect(() =>
      evaluate('eth.tx.value > 0', { 'eth.tx.value': 2n ** 127n }),
    ).toThrow(/above the largest int/)
  })
})

describe('signingSessionScope', () => {
  const allows = (type: string) =>
    evaluate(signingSessionScope, { 'activity.type': type })

  it('allows sending through the vendor and deleting API keys', () => {
    for (const type of [
      'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
      'ACTIVITY_TYPE_DELETE_API_KEYS',
    ])
      expect(allows(type), type).toBe(true)
  })

  it('allows no signature the page could keep, nothing that changes who controls the account, exports or sets policy', () => {
    for (const type of [
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
      'ACTIVITY_TYPE_UPDATE_USER',
      'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      'ACTIVITY_TYPE_EXPORT_WALLET',
      'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      'ACTIVITY_TYPE_CREATE_POLICY_V3',
      'ACTIVITY_TYPE_CREATE_POLICIES',
      'ACTIVITY_TYPE_STAMP_LOGIN',
      'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      'ACTIVITY_TYPE_APPROVE_ACTIVITY',
    ])
      expect(allows(type), type).toBe(false)
  })
})
