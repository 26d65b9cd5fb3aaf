export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let binary = ''
  for (const byte of view) binary += String.fromCharCode(byte)
  return btoa(binary)
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(
    base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='),
  )
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

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
