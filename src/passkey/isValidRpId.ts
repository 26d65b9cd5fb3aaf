/** A relying-party id is `localhost` or a hostname (no scheme, port, IP address or trailing dot). */
export function isValidRpId(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (value === 'localhost') return true
  if (value.length > 253 || /^\d+(\.\d+){3}$/.test(value)) return false
  const labels = value.split('.')
  return (
    labels.length >= 2 &&
    labels.every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i.test(label)) &&
    /[a-z]/i.test(labels.at(-1)!)
  )
}
