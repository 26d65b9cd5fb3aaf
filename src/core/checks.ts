// Checks of values from outside the pack (a host's options, a request's
// fields, a stored entry), shared by the connectors and the host backend.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The vendor's ids (organizations, users) are UUIDs. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuid.test(value)

/** A whole number from `least` to `most`, both included. */
export const isWholeFrom = (
  value: unknown,
  least: number,
  most: number,
): value is number =>
  Number.isInteger(value) &&
  (value as number) >= least &&
  (value as number) <= most
