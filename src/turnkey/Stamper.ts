/** Signs a request body for the vendor: one header, as `X-Stamp` or `X-Stamp-Webauthn`. */
export type Stamper = {
  /** A passkey prompts the user; a session key signs silently until it expires. */
  kind: 'passkey' | 'session'
  stamp(body: string): Promise<{ header: string; value: string }>
}
