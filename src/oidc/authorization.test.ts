import { describe, expect, it } from 'vitest'
import { toBase64Url } from '../core/encodings.js'
import {
  type Authorization,
  checkIdToken,
  readAuthorizationAnswer,
} from './authorization.js'
import { OidcSignInError } from './errors.js'
import type { OidcProvider } from './providers.js'

const google: OidcProvider = {
  id: 'google',
  clientId: 'web.apps.googleusercontent.com',
  issuer: 'https://accounts.google.com',
  name: 'Google',
  responseType: 'id_token',
  scope: 'openid email',
}

const asked = (provider = google): Authorization => ({
  provider,
  url: 'https://accounts.google.com/o/oauth2/v2/auth?…',
  redirectUri: 'https://app.example/',
  state: 'wcp-oidc-state',
  nonce: 'n'.repeat(64),
  verifier: provider.responseType === 'code' ? 'verifier' : undefined,
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
})

/** An unsigned JWT with these claims: the page reads claims, the vendor checks signatures. */
const idToken = (claims: Record<string, unknown>) =>
  [{ alg: 'RS256' }, claims, 'signature']
    .map((part) =>
      typeof part === 'string'
        ? part
        : toBase64Url(new TextEncoder().encode(JSON.stringify(part))),
    )
    .join('.')

const valid = {
  iss: google.issuer,
  aud: google.clientId,
  sub: '110000000000000000001',
  nonce: 'n'.repeat(64),
  exp: 2_000_000_000,
}

/** The OidcSignInError `run` throws, with its reason and details. */
function refusal(run: () => unknown) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(OidcSignInError)
    const { reason, details, providerError } = error as OidcSignInError
    return { reason, details, providerError }
  }
  throw new Error('nothing was refused')
}

describe('readAuthorizationAnswer', () => {
  it('reads the ID token from the fragment of an id_token answer', () => {
    expect(
      readAuthorizationAnswer(
        asked(),
        new URL('https://app.example/#id_token=t&state=wcp-oidc-state'),
      ),
    ).toEqual({ idToken: 't' })
  })

  it('reads the code from the query of a code answer', () => {
    expect(
      readAuthorizationAnswer(
        asked({ ...google, id: 'acme', responseType: 'code' }),
        new URL('https://app.example/?code=c&state=wcp-oidc-state'),
      ),
    ).toEqual({ code: 'c' })
  })

  it('drops an answer of another state unread, even an error', () => {
    expect(
      refusal(() =>
        readAuthorizationAnswer(
          asked(),
          new URL('https://app.example/#id_token=t&state=wcp-oidc-other'),
        ),
      ).reason,
    ).toBe('stateMismatch')
    expect(
      refusal(() =>
        readAuthorizationAnswer(
          asked(),
          new URL('https://app.example/?error=access_denied'),
        ),
      ).reason,
    ).toBe('stateMismatch')
  })

  it('names the provider’s error (denied), from the query whatever the response mode', () => {
    expect(
      refusal(() =>
        readAuthorizationAnswer(
          asked(),
          new URL(
            'https://app.example/?error=access_denied&error_description=No&state=wcp-oidc-state',
          ),
        ),
      ),
    ).toEqual({
      reason: 'denied',
      providerError: 'access_denied',
      details: 'access_denied: No',
    })
  })

  it('refuses an answer without its token or code', () => {
    expect(
      refusal(() =>
        readAuthorizationAnswer(
          asked(),
          new URL('https://app.example/#state=wcp-oidc-state'),
        ),
      ).reason,
    ).toBe('invalidToken')
  })
})

describe('checkIdToken', () => {
  const nowMs = 1_900_000_000_000

  it('takes a token of this issuer, for this client, this key and now', () => {
    expect(checkIdToken(asked(), idToken(valid), nowMs)).toEqual({
      subject: valid.sub,
    })
    // An audience list that names the client.
    expect(
      checkIdToken(
        asked(),
        idToken({ ...valid, aud: ['other', google.clientId] }),
        nowMs,
      ),
    ).toEqual({ subject: valid.sub })
  })

  it.each([
    ['another issuer', { iss: 'https://evil.example' }, 'its issuer is'],
    ['another client', { aud: 'other' }, 'its audience is not'],
    ['another key', { nonce: 'x'.repeat(64) }, 'issued for another key'],
    ['an expired one', { exp: 1_800_000_000 }, 'it has expired'],
    ['no subject', { sub: '' }, 'it names no subject'],
  ])('refuses %s before it leaves the page', (_, changed, says) => {
    const { reason, details } = refusal(() =>
      checkIdToken(asked(), idToken({ ...valid, ...changed }), nowMs),
    )
    expect(reason).toBe('invalidToken')
    expect(details).toContain(says)
  })

  it('refuses what is not a JWT', () => {
    expect(refusal(() => checkIdToken(asked(), 'forged', nowMs)).reason).toBe(
      'invalidToken',
    )
  })
})
