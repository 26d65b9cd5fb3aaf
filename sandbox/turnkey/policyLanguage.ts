/**
 * The part of the vendor's policy language that session-profile scopes use in
 * the sandbox: `&&`, `||`, `!`, parentheses, `==`, `!=`, `<`, `<=`, `>`,
 * `>=`, `in` a list literal, single-quoted strings, integers, `true` and
 * `false`, over the request fields below and slices of the string ones
 * (`eth.tx.data[0..10]`). The language is strongly typed, so
 * a scope is checked once, when its profile is created; anything outside this
 * part (another field, a function, an index, a form the vendor leaves
 * ambiguous) is refused then with the reason, never read as something the
 * vendor might not mean.
 */

/** A value in a scope: a literal (a list is one of strings or of ints), or a request's field. */
export type Value = boolean | bigint | string | readonly Value[]

type Type = 'bool' | 'int' | 'string' | 'list<int>' | 'list<string>'

/** The request fields a scope may read, and their types. */
const fields = {
  'activity.type': 'string',
  'activity.params.encoding': 'string',
  'activity.params.hash_function': 'string',
  'activity.params.sponsor': 'bool',
  'eth.eip_712.primary_type': 'string',
  'eth.tx.to': 'string',
  'eth.tx.value': 'int',
  'eth.tx.chain_id': 'int',
  'eth.tx.data': 'string',
} as const satisfies Record<string, Type>

export type Field = keyof typeof fields

const isField = (path: string): path is Field => Object.hasOwn(fields, path)

/**
 * Fields the vendor's engine holds as lowercase hex: a literal compared with
 * one must be lowercase hex too, or the comparison could never match there.
 */
const hexLiterals: Partial<Record<Field, { pattern: RegExp; form: string }>> = {
  'eth.tx.to': {
    pattern: /^0x[0-9a-f]{40}$/,
    form: "an address, '0x' and 40 lowercase hex digits",
  },
  'eth.tx.data': {
    pattern: /^0x(?:[0-9a-f]{2})*$/,
    form: "calldata, '0x' and lowercase hex bytes",
  },
}

/** The engine's `int` is an i128. */
const intMax = 2n ** 127n - 1n

const comparisonOperators = ['==', '!=', '<', '<=', '>', '>=', 'in'] as const

type ComparisonOperator = (typeof comparisonOperators)[number]

/** The comparison `token` is (`in` is a word, the others symbols), if it is one. */
const comparisonOperator = (token: Token) =>
  (token.kind === 'symbol' || token.kind === 'word') &&
  (comparisonOperators as readonly string[]).includes(token.text)
    ? (token.text as ComparisonOperator)
    : undefined

export type Expression =
  | { kind: 'literal'; type: Type; value: Value }
  | { kind: 'field'; type: Type; field: Field }
  | { kind: 'not'; type: 'bool'; operand: Expression }
  | {
      kind: 'slice'
      type: 'string'
      field: Field
      start: number
      end: number
    }
  | {
      kind: 'logical'
      type: 'bool'
      operator: '&&' | '||'
      operands: Expression[]
    }
  | {
      kind: 'comparison'
      type: 'bool'
      operator: ComparisonOperator
      left: Expression
      right: Expression
    }

/** A scope the sandbox cannot accept, and why. */
export class PolicyLanguageError extends Error {
  override name = 'PolicyLanguageError'
}

/** A scope that cannot be evaluated for a request (a field the request does not have). */
export class EvaluationError extends Error {
  override name = 'EvaluationError'
}

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'string'; text: string; at: number }
  | { kind: 'int'; text: string; at: number }
  | { kind: 'symbol'; text: string; at: number }
  | { kind: 'end'; text: ''; at: number }

// '..' (a slice) is read only to refuse an index with its reason.
const symbols = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '..']
const punctuation = '()[],'

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let at = 0
  while (at < source.length) {
    const rest = source.slice(at)
    const space = /^\s+/.exec(rest)
    if (space) {
      at += space[0].length
      continue
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(
      rest,
    )
    const int = /^[0-9]+/.exec(rest)
    const symbol = symbols.find((s) => rest.startsWith(s))
    if (word) tokens.push({ kind: 'word', text: word[0], at })
    else if (int) tokens.push({ kind: 'int', text: int[0], at })
    else if (symbol) tokens.push({ kind: 'symbol', text: symbol, at })
    else if (punctuation.includes(rest[0]!))
      tokens.push({ kind: 'symbol', text: rest[0]!, at })
    else if (rest[0] === "'") {
      const end = rest.indexOf("'", 1)
      if (end < 0) throw new PolicyLanguageError(`unterminated string at ${at}`)
      const text = rest.slice(1, end)
      // The vendor documents no escapes: a backslash could mean one there.
      if (text.includes('\\'))
        throw new PolicyLanguageError(
          `a backslash in the string at ${at}: the policy language documents no escapes`,
        )
      tokens.push({ kind: 'string', text, at })
      at += end + 1
      continue
    } else if (rest[0] === '"')
      throw new PolicyLanguageError(
        `a double quote at ${at}: strings take single quotes only`,
      )
    else
      throw new PolicyLanguageError(
        `unexpected character '${rest[0]}' at ${at}`,
      )
    at += tokens.at(-1)!.text.length
  }
  tokens.push({ kind: 'end', text: '', at })
  return tokens
}

const article = (type: Type) => `${type === 'int' ? 'an' : 'a'} ${type}`

const quote = (token: Token) =>
  token.kind === 'end' ? 'end of the scope' : `'${token.text}' at ${token.at}`

/**
 * Parses and type-checks a scope: the expression, which evaluates to a
 * boolean. Throws `PolicyLanguageError` with the reason for anything else.
 */
export function parsePolicy(source: string): Expression {
  const tokens = tokenize(source)
  let position = 0
  const peek = () => tokens[position]!
  const next = () => tokens[position++]!
  const isSymbol = (text: string) =>
    peek().kind === 'symbol' && peek().text === text

  function expect(text: string) {
    if (!isSymbol(text))
      throw new PolicyLanguageError(
        `expected '${text}' but found ${quote(peek())}`,
      )
    next()
  }

  function requireBool(expression: Expression, start: Token, rule: string) {
    if (expression.type !== 'bool')
      throw new PolicyLanguageError(
        `${rule}: what starts at ${quote(start)} is ${article(expression.type)}, not a condition (bool)`,
      )
  }

  // condition := unary (('&&' unary)* | ('||' unary)*)
  function condition(): Expression {
    const start = peek()
    const first = unary()
    if (!isSymbol('&&') && !isSymbol('||')) return first
    const operator = peek().text as '&&' | '||'
    requireBool(first, start, `${operator} joins conditions`)
    const operands = [first]
    while (isSymbol('&&') || isSymbol('||')) {
      const token = next()
      // The vendor documents no precedence between && and ||.
      if (token.text !== operator)
        throw new PolicyLanguageError(
          `${quote(token)} follows '${operator}' without parentheses: the vendor documents no precedence between && and ||, so group them with ( )`,
        )
      const operandStart = peek()
      const operand = unary()
      requireBool(operand, operandStart, `${operator} joins conditions`)
      operands.push(operand)
    }
    return { kind: 'logical', type: 'bool', operator, operands }
  }

  // unary := '!' negated | comparison
  function unary(): Expression {
    if (!isSymbol('!')) return comparison()
    next()
    return negated()
  }

  // negated := '!' negated | '(' condition ')' | true | false
  function negated(): Expression {
    const token = peek()
    let operand: Expression
    if (isSymbol('!')) {
      next()
      operand = negated()
    } else if (isSymbol('(')) {
      next()
      operand = condition()
      expect(')')
    } else if (
      token.kind === 'word' &&
      (token.text === 'true' || token.text === 'false')
    ) {
      next()
      operand = { kind: 'literal', type: 'bool', value: token.text === 'true' }
    } else {
      // `!a == b` reads as (!a) == b in some languages and !(a == b) in others.
      throw new PolicyLanguageError(
        `'!' before ${quote(token)}: write !( … ) around what it negates`,
      )
    }
    requireBool(operand, token, "'!' negates a condition")
    return { kind: 'not', type: 'bool', operand }
  }

  // comparison := primary ((compare primary) | ('in' list))?
  function comparison(): Expression {
    const left = primary()
    const token = peek()
    const operator = comparisonOperator(token)
    if (!operator) return left
    next()
    const right = primary()
    checkComparison(operator, left, right, token)
    if (comparisonOperator(peek()))
      throw new PolicyLanguageError(
        `${quote(peek())}: comparisons do not chain`,
      )
    return { kind: 'comparison', type: 'bool', operator, left, right }
  }

  // primary := '(' condition ')' | string | int | list | true | false | field
  function primary(): Expression {
    const token = next()
    if (token.kind === 'symbol' && token.text === '(') {
      const inner = condition()
      expect(')')
      return inner
    }
    if (token.kind === 'symbol' && token.text === '[') return list(token)
    if (token.kind === 'string')
      return { kind: 'literal', type: 'string', value: token.text }
    if (token.kind === 'int')
      return { kind: 'literal', type: 'int', value: int(token) }
    if (token.kind === 'word') {
      if (token.text === 'true' || token.text === 'false')
        return { kind: 'literal', type: 'bool', value: token.text === 'true' }
      if (isSymbol('('))
        throw new PolicyLanguageError(
          `${quote(peek())} after '${token.text}': functions are not supported by the sandbox`,
        )
      if (!isField(token.text))
        throw new PolicyLanguageError(
          `unknown field '${token.text}' at ${token.at}: the sandbox evaluates ${Object.keys(fields).join(', ')}`,
        )
      if (isSymbol('[')) return slice(token.text, next())
      return { kind: 'field', type: fields[token.text], field: token.text }
    }
    throw new PolicyLanguageError(`unexpected ${quote(token)}`)
  }

  // slice := string-field '[' int '..' int ']': the characters from start to before end
  function slice(field: Field, open: Token): Expression {
    if (fields[field] !== 'string')
      throw new PolicyLanguageError(
        `'[' at ${open.at} after ${field}, ${article(fields[field])}: the sandbox slices strings only`,
      )
    const bound = () => {
      const token = next()
      if (token.kind !== 'int')
        throw new PolicyLanguageError(
          `${quote(token)} in the slice at ${open.at}: a slice is [start..end] with int literals`,
        )
      return Number(int(token))
    }
    const start = bound()
    if (!isSymbol('..'))
      throw new PolicyLanguageError(
        `${quote(peek())} in the slice at ${open.at}: the sandbox takes slices [start..end], not an index`,
      )
    next()
    const end = bound()
    expect(']')
    if (end <= start)
      throw new PolicyLanguageError(
        `the slice at ${open.at} ends (${end}) before it starts (${start})`,
      )
    return { kind: 'slice', type: 'string', field, start, end }
  }

  // list := '[' literal (',' literal)* ']', one type throughout
  function list(open: Token): Expression {
    if (isSymbol(']'))
      throw new PolicyLanguageError(
        `the list at ${open.at} is empty: it would match nothing`,
      )
    const items: (string | bigint)[] = []
    let type: 'string' | 'int' | undefined
    for (;;) {
      const token = next()
      if (token.kind !== 'string' && token.kind !== 'int')
        throw new PolicyLanguageError(
          `${quote(token)} in the list at ${open.at}: a list holds string or int literals`,
        )
      if (type !== undefined && token.kind !== type)
        throw new PolicyLanguageError(
          `${quote(token)}: the list at ${open.at} mixes strings and ints`,
        )
      type = token.kind
      items.push(token.kind === 'int' ? int(token) : token.text)
      if (!isSymbol(',')) break
      next()
    }
    expect(']')
    return { kind: 'literal', type: `list<${type!}>`, value: items }
  }

  function int(token: Token) {
    const value = BigInt(token.text)
    if (value > intMax)
      throw new PolicyLanguageError(
        `${quote(token)} is above the largest int of the policy language (2^127 - 1)`,
      )
    return value
  }

  const expression = condition()
  if (peek().kind !== 'end')
    throw new PolicyLanguageError(`unexpected ${quote(peek())}`)
  if (expression.type !== 'bool')
    throw new PolicyLanguageError(
      `the scope is ${article(expression.type)}, not a condition (bool)`,
    )
  return expression
}

function checkComparison(
  operator: ComparisonOperator,
  left: Expression,
  right: Expression,
  token: Token,
) {
  const where = `${quote(token)} compares ${left.type} with ${right.type}`
  if (operator === 'in') {
    if (
      (left.type !== 'int' && left.type !== 'string') ||
      right.type !== `list<${left.type}>` ||
      right.kind !== 'literal'
    )
      throw new PolicyLanguageError(
        `${where}: 'in' takes a string or int and a list literal of the same type`,
      )
  } else if (operator === '==' || operator === '!=') {
    if (
      left.type !== right.type ||
      (left.type !== 'int' && left.type !== 'string' && left.type !== 'bool')
    )
      throw new PolicyLanguageError(
        `${where}: ${operator} compares two ints, two strings or two bools`,
      )
  } else if (left.type !== 'int' || right.type !== 'int')
    throw new PolicyLanguageError(`${where}: ${operator} compares two ints`)
  for (const [side, other] of [
    [left, right],
    [right, left],
  ] as const) {
    if (
      (side.kind !== 'field' && side.kind !== 'slice') ||
      other.kind !== 'literal'
    )
      continue
    const whole = hexLiterals[side.field]
    if (!whole) continue
    // A part of a hex field is lowercase hex too, of any length.
    const hex =
      side.kind === 'slice'
        ? { pattern: /^(?:0x)?[0-9a-f]*$/, form: 'lowercase hex' }
        : whole
    const literals = Array.isArray(other.value) ? other.value : [other.value]
    const wrong = literals.find(
      (value) => typeof value !== 'string' || !hex.pattern.test(value),
    )
    if (wrong !== undefined)
      throw new PolicyLanguageError(
        `'${String(wrong)}' compared with ${side.field} at ${token.at} is not ${hex.form}`,
      )
  }
}

/**
 * The scope's outcome for a request whose fields `read` gives (each of the
 * type declared above; an error for a field the request does not have). As
 * the vendor's engine, it does not short-circuit: an error in any part is the
 * outcome, `EvaluationError`.
 */
export function evaluatePolicy(
  expression: Expression,
  read: (field: Field) => Value,
): boolean {
  return evaluate(expression, read) as boolean
}

function evaluate(
  expression: Expression,
  read: (field: Field) => Value,
): Value {
  switch (expression.kind) {
    case 'literal':
      return expression.value
    case 'field': {
      const value = read(expression.field)
      if (typeof value === 'bigint' && value > intMax)
        throw new EvaluationError(
          `${expression.field} is above the largest int of the policy language`,
        )
      return value
    }
    case 'slice':
      return (read(expression.field) as string).slice(
        expression.start,
        expression.end,
      )
    case 'not':
      return !evaluate(expression.operand, read)
    case 'logical': {
      const values = expression.operands.map((operand) =>
        evaluate(operand, read),
      )
      return expression.operator === '&&'
        ? values.every(Boolean)
        : values.some(Boolean)
    }
    case 'comparison': {
      const left = evaluate(expression.left, read)
      const right = evaluate(expression.right, read)
      switch (expression.operator) {
        case '==':
          return left === right
        case '!=':
          return left !== right
        case '<':
          return (left as bigint) < (right as bigint)
        case '<=':
          return (left as bigint) <= (right as bigint)
        case '>':
          return (left as bigint) > (right as bigint)
        case '>=':
          return (left as bigint) >= (right as bigint)
        case 'in':
          return (right as readonly Value[]).includes(left)
      }
    }
  }
}
