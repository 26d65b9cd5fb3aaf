// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { InvalidPasskeyWalletParameterError } from './errors.js'
import {
  checkOidcParameters,
  type SocialLoginParameters,
} from './oidcParameters.js'

const logIn = async () => new Response('{}')
const google = { id: 'google', clientId: 'web.apps.googleusercontent.com' }

describe('checkOidcParameters', () => {
  it('fills in the presets, and takes any issuer by its URL', () => {
    const checked = checkOidcParameters(
      {
        providers: [
          google,
          { id: 'apple', clientId: 'com.example.web' },
          {
            id: 'acme',
            clientId: 'acme-web',
            issuer: 'https://id.acme.example/',
          },
        ],
        logIn,
      },
      { hasAuthProxy: false },
    )
    expect([...checked.providers.values()]).toEqual([
      {
        ...google,
        issuer: 'https://accounts.google.com',
        name: 'Google',
        responseType: 'id_token',
        scope: 'openid email',
      },
      {
        id: 'apple',
        clientId: 'com.example.web',
        issuer: 'https://appleid.apple.com',
        name: 'Apple',
        responseType: 'code id_token',
        scope: 'openid',
      },
      {
        id: 'acme',
        clientId: 'acme-web',
        issuer: 'https://id.acme.example/',
        name: 'acme',
        responseType: 'code',
        scope: 'openid email',
      },
    ])
    expect(checked.redirectUri).toBe(`${location.origin}/`)
    expect(checked.timeoutMs).toBe(300_000)
  })

  it.each<[string, string, unknown, { hasAuthProxy: boolean }?]>([
    ['no providers', 'oidc', {}],
    ['an empty list', 'oidc.providers', { providers: [], logIn }],
    [
      'an id of its own without an issuer',
      'oidc.providers[0].issuer',
      { providers: [{ id: 'acme', clientId: 'x' }], logIn },
    ],
    [
      'an issuer over plain http',
      'oidc.providers[0].issuer',
      {
        providers: [{ ...google, issuer: 'http://accounts.example' }],
        logIn,
      },
    ],
    [
      'an id twice',
      'oidc.providers[1].id',
      { providers: [google, google], logIn },
    ],
    [
      'a blank client id',
      'oidc.providers[0].clientId',
      { providers: [{ id: 'google', clientId: ' ' }], logIn },
    ],
    [
      'scopes without openid',
      'oidc.providers[0].scope',
      { providers: [{ ...google, scope: 'email' }], logIn },
    ],
    [
      'a response type it does not speak',
      'oidc.providers[0].responseType',
      { providers: [{ ...google, responseType: 'token' }], logIn },
    ],
    [
      'a redirect to another origin',
      'oidc.redirectUri',
      { providers: [google], logIn, redirectUri: 'https://evil.example/' },
    ],
    [
      'no way to log in (no backend route, no Auth Proxy)',
      'oidc.logIn',
      { providers: [google] },
    ],
    [
      'a deadline out of range',
      'oidc.timeoutMs',
      { providers: [google], logIn, timeoutMs: 1000 },
    ],
  ])('refuses %s, naming %s', (_, name, oidc, options) => {
    let thrown: unknown
    try {
      checkOidcParameters(
        oidc as SocialLoginParameters,
        options ?? { hasAuthProxy: false },
      )
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(InvalidPasskeyWalletParameterError)
    expect((thrown as Error).message).toContain(`invalid \`${name}\``)
  })

  it('logs in through the Auth Proxy when the host has no route of its own', () => {
    expect(
      checkOidcParameters({ providers: [google] }, { hasAuthProxy: true })
        .logIn,
    ).toBeUndefined()
  })
})
