/** Signs a request body for the vendor: one header, as `X-Stamp` or `X-Stamp-Webauthn`. */
export type Stamper = {
  stamp(body: string): Promise<{ header: string; value: string }>
}
