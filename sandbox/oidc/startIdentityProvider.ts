import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto'
import type {
  IncomingMessage,
  RequestListener,
  ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import Provider from 'oidc-provider'
import { createLocalServer } from '../createLocalServer.js'
import {
  findIdentity,
  type TestIdentity,
  testIdentities,
} from './identities.js'
import { signInPage } from './signInPage.js'

/** The clients the sandbox registers, as a host registers its app with Google and with Apple. */
const clientPresets = {
  google: {
    clientId: 'sandbox-google-client.apps.googleusercontent.com',
    name: 'Google (sandbox)',
  },
  apple: { clientId: 'com.example.sandbox.apple', name: 'Apple (sandbox)' },
} as const

/** Where a client may send people back to when no list is given: the playground. */
const defaultRedirectUris = ['http://localhost:5173/oidc/callback']
const maxFormBytes = 4096

export type StartIdentityProviderParameters = {
  /**
   * Redirect URIs every client accepts beyond http://localhost:* and
   * http://127.0.0.1:* (any port and path, for development).
   */
  redirectUris?: readonly string[] | undefined
  /** How long an ID token is valid; an hour by default, as Google's. */
  idTokenSeconds?: number | undefined
}

export type IdentityProvider = {
  /** `http://127.0.0.1:<port>`: the `iss` of its tokens, with discovery under it. */
  issuer: string
  /** The client id of each preset: the `aud` of the tokens issued to it. */
  clientIds: { google: string; apple: string }
  identities: readonly TestIdentity[]
  stop(): Promise<void>
}

/** Any port and path on the loopback host names, over http: a developer's own pages. */
function isLoopbackUrl(value: string) {
  const url = URL.parse(value)
  return (
    url !== null &&
    url.protocol === 'http:' &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1')
  )
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
      if (text.length > maxFormBytes) {
        reject(new Error('form too large'))
        request.destroy()
      }
    })
    request.on('end', () => resolve(new URLSearchParams(text)))
    request.on('error', reject)
  })
}

/**
 * An OpenID Connect provider on 127.0.0.1, built on `oidc-provider` (a
 * certified implementation): discovery, JWKS, the authorization code flow
 * with PKCE (S256) required of its public clients, RS256 ID tokens carrying
 * the client's `nonce` and the person's email. Its sign-in page lists the
 * test identities; no password is asked.
 */
export async function startIdentityProvider({
  redirectUris = defaultRedirectUris,
  idTokenSeconds = 3600,
}: StartIdentityProviderParameters = {}): Promise<IdentityProvider> {
  // The issuer names the port, so the server listens before the provider exists.
  let provider: Provider | undefined
  let handleOidc: RequestListener | undefined
  const server = createLocalServer((request, response) => {
    if (!provider || !handleOidc) {
      response.writeHead(503).end()
      return
    }
    if (request.url?.startsWith('/interaction/'))
      interaction(provider, request, response).catch((error: unknown) => {
        if (!response.headersSent)
          response
            .writeHead(400, { 'content-type': 'text/plain' })
            .end(`sign-in failed: ${(error as Error).message}`)
      })
    else handleOidc(request, response)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
  })
  provider = new Provider(issuer, {
    clients: Object.values(clientPresets).map(({ clientId, name }) => ({
      client_id: clientId,
      client_name: name,
      // Native, as the library names a client whose pages may be on
      // http://localhost with the ID token in the fragment (a web client's
      // may not): the presets answer as Google's (`id_token`) and Apple's
      // (`code id_token`) do, and any client by the code flow with PKCE.
      application_type: 'native',
      // Public clients: a browser holds no secret, PKCE proves the code's requester.
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'implicit'],
      response_types: ['code', 'id_token', 'code id_token'],
      redirect_uris: [...redirectUris],
    })),
    responseTypes: ['code', 'id_token', 'code id_token'],
    // The code flow needs PKCE; an answer in the fragment (Google's
    // `id_token`, Apple's `code id_token`) is bound by its nonce instead.
    pkce: {
      required: (context) => context.oidc.params?.response_type === 'code',
    },
    jwks: {
      keys: [
        {
          ...privateKey.export({ format: 'jwk' }),
          kid: randomUUID(),
          alg: 'RS256',
          use: 'sig',
        },
      ],
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // The ID token carries the scopes' claims, as Google's and Apple's do.
    conformIdTokenClaims: false,
    // A sign-in takes minutes; what it leaves lasts an hour.
    ttl: {
      IdToken: idTokenSeconds,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 3600,
    },
    features: { devInteractions: { enabled: false } },
    // The playground's pages exchange their code from the browser.
    clientBasedCORS: (_context, origin) =>
      isLoopbackUrl(origin) ||
      redirectUris.some((uri) => URL.parse(uri)?.origin === origin),
    async findAccount(_context, sub) {
      const identity = findIdentity(sub)
      return (
        identity && {
          accountId: identity.sub,
          claims: () => ({ ...identity }),
        }
      )
    },
  })
  handleOidc = provider.callback()
  // A developer's page on any localhost port is a redirect URI of every client.
  const registered = provider.Client.prototype.redirectUriAllowed
  provider.Client.prototype.redirectUriAllowed = function (uri: string) {
    return isLoopbackUrl(uri) || registered.call(this, uri)
  }
  return {
    issuer,
    clientIds: {
      google: clientPresets.google.clientId,
      apple: clientPresets.apple.clientId,
    },
    identities: testIdentities,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The sign-in page (GET) and its answer (POST): an identity picked, or the sign-in cancelled. */
async function interaction(
  provider: Provider,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const details = await provider.interactionDetails(request, response)
  const clientId = String(details.params.client_id)
  if (request.method === 'GET') {
    const client = await provider.Client.find(clientId)
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      })
      .end(
        signInPage({
          action: `/interaction/${details.uid}`,
          clientName: client?.clientName ?? clientId,
          identities: testIdentities,
        }),
      )
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405).end()
    return
  }
  const form = await readForm(request)
  const identity = findIdentity(form.get('sub'))
  if (form.has('cancel') || !identity) {
    await provider.interactionFinished(request, response, {
      error: 'access_denied',
      error_description: form.has('cancel')
        ? 'The person cancelled the sign-in.'
        : 'No such test identity.',
    })
    return
  }
  // Signing in grants what the client asked for: no separate consent page.
  const grant = new provider.Grant({ accountId: identity.sub, clientId })
  grant.addOIDCScope(String(details.params.scope))
  await provider.interactionFinished(
    request,
    response,
    {
      login: { accountId: identity.sub },
      consent: { grantId: await grant.save() },
    },
    { mergeWithLastSubmission: false },
  )
}
