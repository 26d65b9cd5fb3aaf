/**
 * How the provider answers: `code`, the authorization code flow with PKCE
 * (S256), the code redeemed by the page as a public client; `id_token` and
 * `code id_token`, the ID token in the redirect's fragment, for providers
 * whose web clients redeem codes only with a secret a page cannot keep.
 */
export type OidcResponseType = 'code' | 'id_token' | 'code id_token'

export const oidcResponseTypes: readonly string[] = [
  'code',
  'id_token',
  'code id_token',
]

/** One provider a person may sign in with: a preset by id, or any OIDC issuer. */
export type OidcProviderParameters = {
  /** `'google'`, `'apple'` (presets), or your own id for another issuer. */
  id: 'google' | 'apple' | (string & {})
  /** Your app's client id at the provider: the `aud` of its ID tokens. */
  clientId: string
  /** The issuer, with its discovery document under it: the preset's by default, required for another id. */
  issuer?: string | undefined
  /** Shown to people, and the name the account lists the provider under: the preset's, else the id. */
  name?: string | undefined
  /** The preset's (Google `id_token`, Apple `code id_token`), else `code`. */
  responseType?: OidcResponseType | undefined
  /** Space-separated scopes, `openid` among them: the preset's, else `openid email`. */
  scope?: string | undefined
}

/** A provider as an authorization uses it: every field given or defaulted. */
export type OidcProvider = {
  id: string
  clientId: string
  /** As the tokens' `iss` writes it (a trailing slash included, as Auth0's). */
  issuer: string
  name: string
  responseType: OidcResponseType
  scope: string
}

/** What the presets fill in: the providers' own issuers, and the answers their web clients get. */
export const oidcPresets: Record<
  string,
  Omit<OidcProvider, 'id' | 'clientId'>
> = {
  google: {
    issuer: 'https://accounts.google.com',
    name: 'Google',
    responseType: 'id_token',
    scope: 'openid email',
  },
  apple: {
    issuer: 'https://appleid.apple.com',
    name: 'Apple',
    // Apple answers in the fragment only when no name or email is asked.
    responseType: 'code id_token',
    scope: 'openid',
  },
}
