import { createHash, randomBytes } from 'node:crypto'

const deadlineMs = 10_000

/** The nonce that binds an ID token to a login key, as the vendor checks it: SHA-256 of the key's hex, in hex. */
export const oauthNonce = (publicKey: string) =>
  createHash('sha256').update(publicKey).digest('hex')

/** Cookies as a browser keeps them for one site, by name. */
class CookieJar {
  readonly #cookies = new Map<string, string>()
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
  }
  get header() {
    return [...this.#cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
  }
}

/**
 * What a browser does on the identity provider, by fetch: the authorization
 * request, the sign-in page's form for `sub`, the redirects back, and the
 * code exchanged with its PKCE verifier. The ID token, and what the
 * redirect carried.
 */
export async function signInWithProvider({
  issuer,
  clientId,
  sub,
  nonce,
  redirectUri = 'http://localhost:5173/oidc/callback',
}: {
  issuer: string
  clientId: string
  sub: string
  nonce: string
  redirectUri?: string
}) {
  const signal = () => AbortSignal.timeout(deadlineMs)
  const discovery = (await (
    await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: signal(),
    })
  ).json()) as { authorization_endpoint: string; token_endpoint: string }
  const verifier = randomBytes(32).toString('base64url')
  const state = randomBytes(16).toString('base64url')
  const authorization = new URL(discovery.authorization_endpoint)
  authorization.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    nonce,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()

  const jar = new CookieJar()
  /** Follows redirects on the provider until one leaves it: that location. */
  async function follow(first: Response): Promise<URL> {
    let response = first
    for (let hops = 0; hops < 10; hops++) {
      jar.take(response)
      const location = response.headers.get('location')
      if (!location) throw new Error(`no redirect: ${response.status}`)
      const next = new URL(location, issuer)
      if (next.origin !== new URL(issuer).origin) return next
      response = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: jar.header },
        signal: signal(),
      })
      if (response.status === 200) {
        jar.take(response)
        const page = await response.text()
        const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]
        if (!action) throw new Error('the sign-in page has no form')
        response = await fetch(new URL(action, issuer), {
          method: 'POST',
          redirect: 'manual',
          headers: {
            cookie: jar.header,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ sub }).toString(),
          signal: signal(),
        })
      }
    }
    throw new Error('too many redirects')
  }

  const back = await follow(
    await fetch(authorization, { redirect: 'manual', signal: signal() }),
  )
  const code = back.searchParams.get('code')
  if (!code || back.searchParams.get('state') !== state)
    throw new Error(`the provider sent back ${back}`)
  const tokens = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }).toString(),
    signal: signal(),
  })
  const body = (await tokens.json()) as { id_token?: string }
  if (!body.id_token)
    throw new Error(`no ID token: ${tokens.status} ${JSON.stringify(body)}`)
  return { idToken: body.id_token, redirectedTo: back }
}

/** The claims of a JWT, unverified. */
export const jwtClaims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))

/** The ID token of `sub` from the sandbox provider `idp`'s Google preset (or `clientId`, `issuer`), whose nonce binds `publicKey`. */
export async function idTokenOf(
  idp: { issuer: string; clientIds: { google: string } },
  sub: string,
  publicKey: string,
  { clientId = idp.clientIds.google, issuer = idp.issuer } = {},
) {
  return (
    await signInWithProvider({
      issuer,
      clientId,
      sub,
      nonce: oauthNonce(publicKey),
    })
  ).idToken
}

/** The token with one byte of its signature changed: what a forger without the issuer's key sends. */
export function withSignatureFlipped(token: string) {
  const [header, payload, signature = ''] = token.split('.')
  const bytes = Buffer.from(signature, 'base64url')
  bytes[10]! ^= 0x01
  return `${header}.${payload}.${bytes.toString('base64url')}`
}

/** The token with its claims changed and its signature kept. */
export function withClaims(token: string, changes: Record<string, unknown>) {
  const [header, , signature] = token.split('.')
  const claims = Buffer.from(
    JSON.stringify({ ...jwtClaims(token), ...changes }),
  ).toString('base64url')
  return `${header}.${claims}.${signature}`
}
