const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The vendor's ids (organizations, users) are UUIDs. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuid.test(value)
