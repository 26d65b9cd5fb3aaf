/**
 * A host page's origin as the sandbox is told it (`--origin`): scheme, host
 * and port only, over https, or http on localhost, as browsers allow WebAuthn.
 */
export function hostOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  // `localhost:3000` parses, as the scheme `localhost:`, with no origin.
  if (!url || url.origin === 'null')
    throw new Error(
      `origin ${JSON.stringify(value)} is not a URL: give scheme, host and port, as https://app.example:3000`,
    )
  if (url.origin !== value.replace(/\/$/, ''))
    throw new Error(
      `origin ${JSON.stringify(value)} has more than scheme, host and port: give ${url.origin}`,
    )
  const isLocalhost =
    url.hostname === 'localhost' || url.hostname.endsWith('.localhost')
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalhost))
    throw new Error(
      `origin ${JSON.stringify(value)} must be https (http only on localhost): browsers refuse passkeys elsewhere`,
    )
  return url.origin
}
