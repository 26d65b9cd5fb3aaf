/**
 * A Swagger 2 schema as the vendor's published documents write them: objects
 * with `properties`/`required`, arrays with `items`, strings, booleans and
 * integers, `enum` and `$ref` into `definitions`.
 */
export type Schema = {
  type?: string
  format?: string
  $ref?: string
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  additionalProperties?: Schema | boolean
}

export type SwaggerDocument = {
  paths: Record<
    string,
    { post?: { parameters?: { in: string; schema?: Schema }[] } }
  >
  definitions: Record<string, Schema>
}

/**
 * Every way `value` departs from `schema`, each naming where (`parameters.apiKeys[0].curveType`).
 * Strict where the vendor's gateway is: unknown fields, missing required fields, values outside
 * an enum and values of the wrong JSON type are all problems.
 */
export function validateAgainstSchema(
  document: SwaggerDocument,
  schema: Schema,
  value: unknown,
  at = '',
): string[] {
  const resolved = resolve(document, schema)
  const name = at || 'body'
  if (value === null || value === undefined) return [`${name} must not be null`]
  switch (resolved.type ?? (resolved.properties ? 'object' : undefined)) {
    case 'object':
      return validateObject(document, resolved, value, at)
    case 'array':
      if (!Array.isArray(value)) return [`${name} must be an array`]
      return value.flatMap((item, index) =>
        resolved.items
          ? validateAgainstSchema(
              document,
              resolved.items,
              item,
              `${at}[${index}]`,
            )
          : [],
      )
    case 'string':
      if (typeof value !== 'string') return [`${name} must be a string`]
      if (resolved.enum && !resolved.enum.includes(value))
        return [`${name} must be one of ${resolved.enum.join(', ')}`]
      if (
        (resolved.format === 'int64' || resolved.format === 'uint64') &&
        !/^-?\d+$/.test(value)
      )
        return [`${name} must be a string of digits`]
      return []
    case 'integer':
      return Number.isSafeInteger(value) ? [] : [`${name} must be an integer`]
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? []
        : [`${name} must be a number`]
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${name} must be a boolean`]
    default:
      // A schema without a type (protobufAny's payload): any JSON value.
      return []
  }
}

function validateObject(
  document: SwaggerDocument,
  schema: Schema,
  value: unknown,
  at: string,
): string[] {
  const name = at || 'body'
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${name} must be an object`]
  const record = value as Record<string, unknown>
  const properties = schema.properties ?? {}
  const problems: string[] = []
  for (const field of schema.required ?? [])
    if (record[field] === undefined)
      problems.push(`${join(at, field)} is required`)
  for (const [field, fieldValue] of Object.entries(record)) {
    const fieldSchema = properties[field]
    if (fieldSchema) {
      if (fieldValue !== undefined)
        problems.push(
          ...validateAgainstSchema(
            document,
            fieldSchema,
            fieldValue,
            join(at, field),
          ),
        )
    } else if (typeof schema.additionalProperties === 'object')
      problems.push(
        ...validateAgainstSchema(
          document,
          schema.additionalProperties,
          fieldValue,
          join(at, field),
        ),
      )
    else if (schema.additionalProperties !== true)
      problems.push(`${join(at, field)} is not a known field`)
  }
  return problems
}

function resolve(document: SwaggerDocument, schema: Schema): Schema {
  let current = schema
  for (let depth = 0; current.$ref && depth < 32; depth++) {
    const name = current.$ref.replace('#/definitions/', '')
    const target = document.definitions[name]
    if (!target) throw new Error(`schema reference not found: ${current.$ref}`)
    // A $ref beside a description keeps the referenced schema's rules.
    current = target
  }
  return current
}

const join = (at: string, field: string) => (at ? `${at}.${field}` : field)

/** The request body schema of a POST path, or undefined when the document has none. */
export function requestSchema(
  document: SwaggerDocument,
  path: string,
): Schema | undefined {
  return document.paths[path]?.post?.parameters?.find(
    (parameter) => parameter.in === 'body',
  )?.schema
}
