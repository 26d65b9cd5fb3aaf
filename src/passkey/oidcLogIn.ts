import { isUuid } from '../core/checks.js'
import { HostBackendError, readHostBackendAnswer } from '../core/hostBackend.js'
import {
  type Authorization,
  checkIdToken,
  oidcNonce,
  readAuthorizationAnswer,
  redeemCode,
  startAuthorization,
} from '../oidc/authorization.js'
import { awaitSignIn } from '../oidc/signInWindow.js'
import { unexpectedProxyAnswer } from '../turnkey/AuthProxyError.js'
import {
  type CreateAuthProxyClientParameters,
  createAuthProxyClient,
} from '../turnkey/createAuthProxyClient.js'
import {
  readSessionClaims,
  type VendorClient,
} from '../turnkey/createVendorClient.js'
import {
  signUpWallet,
  subOrganizationName,
} from '../turnkey/hostBackendContract.js'
import {
  createSessionStamper,
  generateStampingKey,
  type StampingKey,
} from '../turnkey/stampers.js'
import type { AccountAccess } from './accountAccess.js'
import { InvalidPasskeyWalletParameterError } from './errors.js'
import {
  type CheckedOidcParameters,
  checkOidcParameters,
} from './oidcParameters.js'
import type {
  PasskeyWalletConnectParameters,
  PasskeyWalletParameters,
} from './passkeyParameters.js'
import type { SessionKeys } from './sessionKey.js'
import { revokeSessionKey } from './sessionKeyRevocation.js'

/*
 * A connection by an OIDC provider ("Continue with Google"): the provider
 * signs the person in, its ID token names the key it logs in (its nonce is
 * the SHA-256 of the key's public key), and the host backend or the Auth
 * Proxy logs that key in at the vendor, making the account first when the
 * provider account has none. Loaded only when a person picks a provider.
 */

export type OidcLogInContext = {
  parameters: PasskeyWalletParameters
  backendTimeoutMs: number
  authProxy: CreateAuthProxyClientParameters | undefined
  endOthersOnLogIn: boolean
  /** The session key's length, and its profile: none, a root key. */
  sessionSeconds: number
  sessionProfileId: string | undefined
  /** The vendor without the session fallback: the log-in key revokes itself with it. */
  client: VendorClient
  sessionKeys: Pick<SessionKeys, 'nextKey' | 'adopt' | 'startWith'>
  accounts: AccountAccess
}

/** The user's name in a new account when the host gives none. */
const defaultUserName = 'Wallet user'

/**
 * Signs the person in with the provider in `signInWindow` (opened in the
 * person's tap), and connects: the account's organization and Ethereum
 * account, with the session key signing. Nothing is kept when any step
 * fails, and every failure is typed: OidcSignInError at the provider, a
 * HostBackendError or an AuthProxyError at the log-in, the vendor's errors.
 */
export async function connectWithOidc(
  {
    provider: providerId,
    userName = defaultUserName,
  }: NonNullable<PasskeyWalletConnectParameters['oidc']>,
  signInWindow: Window | undefined,
  signal: AbortSignal,
  context: OidcLogInContext,
) {
  try {
    const oidc = checkOidcParameters(context.parameters.oidc, {
      hasAuthProxy: context.authProxy !== undefined,
    })
    const provider = oidc.providers.get(providerId)
    if (!provider)
      throw new InvalidPasskeyWalletParameterError(
        'oidc.provider',
        `the id of a provider of passkeyWallet({ oidc }): ${[...oidc.providers.keys()].join(', ')}`,
      )
    // Through the backend the token logs the session key in, under the
    // backend's profile; through the proxy, which knows no profile, a
    // one-time key that makes the session key and is revoked.
    const throughProxy = !oidc.logIn
    const key =
      throughProxy && context.sessionProfileId
        ? await generateStampingKey()
        : await context.sessionKeys.nextKey()
    const authorization = await startAuthorization(provider, {
      nonce: await oidcNonce(key.publicKey),
      redirectUri: oidc.redirectUri,
    })
    if (!signInWindow)
      // TODO(redirect) replaced by the redirect in the next step.
      throw new InvalidPasskeyWalletParameterError(
        'oidc',
        'a browser that lets the page open the sign-in window',
      )
    const back = await awaitSignIn(signInWindow, {
      url: authorization.url,
      redirectUri: authorization.redirectUri,
      provider: provider.id,
      timeoutMs: oidc.timeoutMs,
      signal,
    })
    signInWindow = undefined
    const oidcToken = await idTokenOf(authorization, back)
    const signUp = { userName: userName.trim(), providerName: provider.name }
    const organizationId = throughProxy
      ? await logInThroughProxy(oidcToken, key, signUp, signal, context)
      : await logInThroughBackend(oidc, oidcToken, key, signUp, signal, context)
    return {
      organizationId,
      credentialId: undefined,
      ...(await context.accounts.find(organizationId)),
    }
  } finally {
    // A sign-in that failed before the window was used leaves no blank window behind.
    signInWindow?.close()
  }
}

/** The ID token the provider's answer carries, or redeems, checked against the authorization. */
async function idTokenOf(authorization: Authorization, back: URL) {
  const { code, idToken } = readAuthorizationAnswer(authorization, back)
  const token = idToken ?? (await redeemCode(authorization, code!))
  checkIdToken(authorization, token)
  return token
}

/** The host backend's log-in: it checks the token, makes the account if need be, and logs `key` in under its profile. */
async function logInThroughBackend(
  oidc: CheckedOidcParameters,
  oidcToken: string,
  key: StampingKey,
  signUp: { userName: string; providerName: string },
  signal: AbortSignal,
  {
    backendTimeoutMs,
    sessionSeconds,
    endOthersOnLogIn,
    sessionKeys,
  }: OidcLogInContext,
) {
  const logIn = oidc.logIn!
  const { subOrganizationId, session } = await readHostBackendAnswer(
    'oidc.logIn',
    (backendSignal) =>
      logIn(
        {
          oidcToken,
          publicKey: key.publicKey,
          expirationSeconds: sessionSeconds,
          invalidateExisting: endOthersOnLogIn,
          signUp,
        },
        { signal: backendSignal },
      ),
    backendTimeoutMs,
  )
  if (!isUuid(subOrganizationId) || typeof session !== 'string')
    throw new HostBackendError({
      callback: 'oidc.logIn',
      reason: 'its answer has no subOrganizationId UUID and session',
    })
  const organizationId = await sessionKeys.adopt!(key, session, signal)
  if (organizationId !== subOrganizationId)
    throw new HostBackendError({
      callback: 'oidc.logIn',
      reason: `its session is for organization ${organizationId}, not the ${subOrganizationId} it answered`,
    })
  return organizationId
}

/**
 * The Auth Proxy's log-in: the account the token names (made first when
 * there is none), and `loginKey` logged in. The proxy's session has no
 * profile: under one, `loginKey` only makes the session key (under the
 * profile) and is revoked at once; without one it is the session key.
 */
async function logInThroughProxy(
  oidcToken: string,
  loginKey: StampingKey,
  { userName, providerName }: { userName: string; providerName: string },
  signal: AbortSignal,
  {
    authProxy,
    endOthersOnLogIn,
    sessionProfileId,
    sessionKeys,
    client,
  }: OidcLogInContext,
) {
  const proxy = createAuthProxyClient(authProxy!)
  const found = await proxy.post<{ organizationId?: unknown }>('account', {
    filterType: 'OIDC_TOKEN',
    filterValue: oidcToken,
  })
  let organizationId = found.organizationId
  if (organizationId === undefined) {
    const made = await proxy.post<{ organizationId?: unknown }>('signup', {
      userName,
      organizationName: subOrganizationName(userName),
      apiKeys: [],
      authenticators: [],
      oauthProviders: [{ providerName, oidcToken }],
      wallet: signUpWallet,
    })
    organizationId = made.organizationId
  }
  if (!isUuid(organizationId))
    throw unexpectedProxyAnswer(
      'account',
      'the answer has no organizationId UUID',
    )
  const { session } = await proxy.post<{ session?: unknown }>('oauth_login', {
    oidcToken,
    publicKey: loginKey.publicKey,
    invalidateExisting: endOthersOnLogIn,
    organizationId,
  })
  if (typeof session !== 'string')
    throw unexpectedProxyAnswer('oauth_login', 'the answer has no session')
  if (!sessionProfileId) return sessionKeys.adopt!(loginKey, session, signal)
  const claims = readSessionClaims(session)
  try {
    return await sessionKeys.startWith!(
      claims.organizationId,
      { ...createSessionStamper(loginKey), fallsBack: false },
      signal,
    )
  } finally {
    // It had the whole account's authority: it goes as soon as it has served.
    await revokeSessionKey(
      client,
      {
        ...loginKey,
        organizationId: claims.organizationId,
        userId: claims.userId,
        expiresAt: claims.exp,
      },
      undefined,
    )
  }
}
