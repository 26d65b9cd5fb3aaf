import { isUuid } from '../core/checks.js'
import { HostBackendError, readHostBackendAnswer } from '../core/hostBackend.js'
import {
  type Authorization,
  checkIdToken,
  readAuthorizationAnswer,
  redeemCode,
  startAuthorization,
} from '../oidc/authorization.js'
import { OidcSignInError } from '../oidc/errors.js'
import { openSignInWindow, takeSignInAnswer } from '../oidc/signInNavigation.js'
import { awaitSignIn } from '../oidc/signInWindow.js'
import { unexpectedProxyAnswer } from '../turnkey/AuthProxyError.js'
import {
  type CreateAuthProxyClientParameters,
  createAuthProxyClient,
} from '../turnkey/createAuthProxyClient.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import {
  oidcNonce,
  oneTimeKeySeconds,
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
  type SocialLoginParameters,
} from './oidcParameters.js'
import type { PasskeyWalletConnectParameters } from './passkeyParameters.js'
import { type SessionKeys, sessionKeyOf } from './sessionKey.js'
import { revokeSessionKey } from './sessionKeyRevocation.js'
import { signInStore } from './signInStore.js'

/*
 * A connection by an OIDC provider ("Continue with Google"): the provider
 * signs the person in, its ID token names the key it logs in (its nonce is
 * the SHA-256 of the key's public key), and the host backend or the Auth
 * Proxy logs that key in at the vendor, making the account first when the
 * provider account has none. Loaded only when a person picks a provider.
 */

export type OidcLogInContext = {
  /** `socialLogin()`'s options, as the host gave them. */
  oidc: SocialLoginParameters
  backendTimeoutMs: number
  authProxy: CreateAuthProxyClientParameters | undefined
  endOthersOnLogIn: boolean
  /** The session key's length, and its profile: none, a root key. */
  sessionSeconds: number
  sessionProfileId: string | undefined
  /** Where the session key lives in IndexedDB, and a redirected sign-in waits; none: no redirect. */
  sessionStoreKey: string | undefined
  /** The vendor without the session fallback: the log-in key revokes itself with it. */
  client: VendorClient
  sessionKeys: Pick<SessionKeys, 'nextKey' | 'adopt' | 'startWith'>
  accounts: AccountAccess
}

/** The user's name in a new account when the host gives none. */
const defaultUserName = 'Wallet user'

/** The checked `oidc` option, and the provider of `providerId` in it. */
function chosenProvider(
  context: Pick<OidcLogInContext, 'oidc' | 'authProxy'>,
  providerId: string,
) {
  const oidc = checkOidcParameters(context.oidc, {
    hasAuthProxy: context.authProxy !== undefined,
  })
  const provider = oidc.providers.get(providerId)
  if (!provider)
    throw new InvalidPasskeyWalletParameterError(
      'oidc.provider',
      `the id of a provider of socialLogin(): ${[...oidc.providers.keys()].join(', ')}`,
    )
  return { oidc, provider }
}

/** The account a provider's sign-in connected, its session key signing. */
type OidcConnection = Awaited<ReturnType<typeof logIn>>

/** The runtime's sign-ins with a provider. */
export type ProviderSignIn = {
  /** Its window opens at once, still in the person's tap (none where the browser blocks it: a redirect). */
  connect(
    oidc: NonNullable<PasskeyWalletConnectParameters['oidc']>,
    signal: AbortSignal,
  ): Promise<OidcConnection>
  /** Finishes the sign-in whose answer this page carries (`SocialLogin.hasAnswer()`). */
  finish(signal: AbortSignal): Promise<OidcConnection>
}

/**
 * The connector's sign-ins with a provider, for its runtime: a connect
 * (`connect({ oidc })`), and the page a redirected sign-in comes back to.
 * Both need the session profile: the session key signs.
 */
export function createProviderSignIn(
  context: OidcLogInContext,
): ProviderSignIn {
  const withProfile = () => {
    if (context.sessionProfileId === undefined)
      throw new InvalidPasskeyWalletParameterError(
        'session.profileId',
        'a session profile: a log-in with a provider signs with a session key (docs/social-login.md)',
      )
    return context
  }
  return {
    connect: (oidc, signal) => {
      const checked = withProfile()
      return connectWithOidc(oidc, openSignInWindow(), signal, checked)
    },
    finish: (signal) => finishRedirectedSignIn(signal, withProfile()),
  }
}

/**
 * Signs the person in with the provider in `signInWindow` (opened in the
 * person's tap), and connects: the account's organization and Ethereum
 * account, with the session key signing. Without a window (the browser
 * blocked it) the page goes to the provider, and the page it comes back to
 * finishes (`finishRedirectedSignIn`). Nothing is kept when any step
 * fails, and every failure is typed: OidcSignInError at the provider, a
 * HostBackendError or an AuthProxyError at the log-in, the vendor's errors.
 */
async function connectWithOidc(
  {
    provider: providerId,
    userName = defaultUserName,
  }: NonNullable<PasskeyWalletConnectParameters['oidc']>,
  signInWindow: Window | undefined,
  signal: AbortSignal,
  context: OidcLogInContext,
) {
  try {
    if (
      userName !== defaultUserName &&
      (typeof userName !== 'string' || userName.trim() === '')
    )
      throw new InvalidPasskeyWalletParameterError(
        'oidc.userName',
        'a non-empty name for a new account’s user',
      )
    const { oidc, provider } = chosenProvider(context, providerId)
    // Through the backend the token logs the session key in, under the
    // backend's profile; through the proxy, which knows no profile, a
    // one-time key that makes the session key and is deleted.
    const key = oidc.logIn
      ? await context.sessionKeys.nextKey()
      : await generateStampingKey()
    const authorization = await startAuthorization(provider, {
      nonce: oidcNonce(key.publicKey),
      redirectUri: oidc.redirectUri,
    })
    if (!signInWindow)
      return await redirectToSignIn(authorization, key, userName, signal, {
        expiresAt: Date.now() + oidc.timeoutMs,
        sessionStoreKey: context.sessionStoreKey,
      })
    const back = await awaitSignIn(signInWindow, authorization, {
      timeoutMs: oidc.timeoutMs,
      signal,
    })
    return await logIn(
      oidc,
      authorization,
      back,
      key,
      userName,
      signal,
      context,
    )
  } finally {
    // A sign-in that failed before the window was used leaves no blank window behind.
    signInWindow?.close()
  }
}

/**
 * Leaves for the provider's sign-in, its key and what its answer must
 * match kept in IndexedDB for the page it comes back to. Never settles:
 * the page is leaving.
 */
async function redirectToSignIn(
  authorization: Authorization,
  key: StampingKey,
  userName: string,
  signal: AbortSignal,
  {
    expiresAt,
    sessionStoreKey,
  }: { expiresAt: number; sessionStoreKey: string | undefined },
): Promise<never> {
  const { provider, state, nonce, verifier, tokenEndpoint, redirectUri } =
    authorization
  const kept =
    sessionStoreKey !== undefined &&
    (await signInStore.keep(sessionStoreKey, {
      ...key,
      provider: provider.id,
      state,
      nonce,
      verifier,
      tokenEndpoint,
      redirectUri,
      userName,
      expiresAt,
    }))
  if (!kept)
    throw new OidcSignInError({
      reason: 'windowBlocked',
      provider: provider.id,
    })
  // A disconnect meanwhile: the page stays.
  signal.throwIfAborted()
  location.assign(authorization.url)
  return new Promise<never>(() => undefined)
}

/**
 * Finishes a sign-in that went by redirect, on the page the provider sent
 * the person back to: the answer is taken off the URL, matched with the
 * sign-in this browser kept for its `state` (used once), and logged in.
 */
async function finishRedirectedSignIn(
  signal: AbortSignal,
  context: OidcLogInContext,
) {
  const back = takeSignInAnswer()
  const state =
    new URLSearchParams(back.hash.slice(1)).get('state') ??
    back.searchParams.get('state')
  const pending =
    state !== null && context.sessionStoreKey !== undefined
      ? await signInStore.take(context.sessionStoreKey, state)
      : undefined
  if (!pending)
    throw new OidcSignInError({
      reason: 'stateMismatch',
      provider: undefined,
      details:
        'no sign-in of this browser sent the state this page was loaded with (or it expired)',
    })
  const { oidc, provider } = chosenProvider(context, pending.provider)
  const authorization: Authorization = {
    provider,
    url: '',
    redirectUri: pending.redirectUri,
    state: pending.state,
    nonce: pending.nonce,
    verifier: pending.verifier,
    tokenEndpoint: pending.tokenEndpoint,
  }
  const key = { privateKey: pending.privateKey, publicKey: pending.publicKey }
  return logIn(
    oidc,
    authorization,
    back,
    key,
    pending.userName,
    signal,
    context,
  )
}

/** The provider's answer logged in: the account, found or made, with its session key signing. */
async function logIn(
  oidc: CheckedOidcParameters,
  authorization: Authorization,
  back: URL,
  key: StampingKey,
  userName: string,
  signal: AbortSignal,
  context: OidcLogInContext,
) {
  const oidcToken = await idTokenOf(authorization, back)
  const signUp = {
    userName: userName.trim(),
    providerName: authorization.provider.name,
  }
  const organizationId = oidc.logIn
    ? await logInThroughBackend(oidc, oidcToken, key, signUp, signal, context)
    : await logInThroughProxy(oidcToken, key, signUp, signal, context)
  return {
    organizationId,
    credentialId: undefined,
    ...(await context.accounts.find(organizationId)),
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
    client,
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
  const made = sessionKeyOf(key, session)
  if (made.organizationId !== subOrganizationId) {
    // Logged in elsewhere than the backend said: never used, and deleted.
    void revokeSessionKey(client, made, undefined)
    throw new HostBackendError({
      callback: 'oidc.logIn',
      reason: `its session is for organization ${made.organizationId}, not the ${subOrganizationId} it answered`,
    })
  }
  return sessionKeys.adopt!(key, session, signal)
}

/**
 * The Auth Proxy logs `key` in to the account the token names, made first
 * with `signUp` when there is none (without it: `noAccount`): the vendor's
 * session JWT, under no session profile.
 */
async function proxyLogIn(
  authProxy: CreateAuthProxyClientParameters,
  oidcToken: string,
  key: StampingKey,
  {
    signUp,
    invalidateExisting,
    provider,
  }: {
    signUp: { userName: string; providerName: string } | undefined
    invalidateExisting: boolean
    provider: string
  },
) {
  const proxy = createAuthProxyClient(authProxy)
  const found = await proxy.post<{ organizationId?: unknown }>('account', {
    filterType: 'OIDC_TOKEN',
    filterValue: oidcToken,
  })
  let organizationId = found.organizationId
  if (organizationId === undefined) {
    if (!signUp) throw new OidcSignInError({ reason: 'noAccount', provider })
    const made = await proxy.post<{ organizationId?: unknown }>('signup', {
      userName: signUp.userName,
      organizationName: subOrganizationName(signUp.userName),
      apiKeys: [],
      authenticators: [],
      oauthProviders: [{ providerName: signUp.providerName, oidcToken }],
      wallet: signUpWallet,
    })
    organizationId = made.organizationId
  }
  if (!isUuid(organizationId))
    throw unexpectedProxyAnswer(
      found.organizationId === undefined ? 'signup' : 'account',
      'the answer has no organizationId UUID',
    )
  const { session } = await proxy.post<{ session?: unknown }>('oauth_login', {
    oidcToken,
    publicKey: key.publicKey,
    invalidateExisting,
    organizationId,
  })
  if (typeof session !== 'string')
    throw unexpectedProxyAnswer('oauth_login', 'the answer has no session')
  return session
}

/**
 * The Auth Proxy's log-in of a session key: the proxy logs the one-time
 * `loginKey` in under no profile, which only makes the session key (under
 * the profile) and is deleted at once.
 */
async function logInThroughProxy(
  oidcToken: string,
  loginKey: StampingKey,
  signUp: { userName: string; providerName: string },
  signal: AbortSignal,
  { authProxy, endOthersOnLogIn, sessionKeys, client }: OidcLogInContext,
) {
  const made = sessionKeyOf(
    loginKey,
    await proxyLogIn(authProxy!, oidcToken, loginKey, {
      signUp,
      invalidateExisting: endOthersOnLogIn,
      provider: signUp.providerName,
    }),
  )
  try {
    return await sessionKeys.startWith!(
      made.organizationId,
      { ...createSessionStamper(loginKey), fallsBack: false },
      signal,
    )
  } finally {
    // It had the whole account's authority: it goes as soon as it has served.
    await revokeSessionKey(client, made, undefined)
  }
}

/** A key that adds one passkey to the account a provider account opens, then is deleted. */
export type OneTimeKey = {
  key: StampingKey
  organizationId: string
  userId: string
  /** Unix seconds, by the vendor's word. */
  expiresAt: number
  /** Deletes the key at the vendor (within the revocation's deadline); never rejects. */
  revoke(): Promise<void>
}

/**
 * The provider signs the person in (in `signInWindow`, opened in the tap)
 * for a one-time key of the account their provider account opens, logged
 * in under no profile for minutes (your backend's route with `purpose:
 * 'add-passkey'`, or the Auth Proxy's `oauth_login`): it adds a passkey
 * (recovery, or an account a provider made) and is deleted. It never makes
 * an account, and lives in memory only. A blocked window is refused: the
 * steps around it live in this page.
 */
export async function signInForPasskey(
  providerId: string,
  signInWindow: Window | undefined,
  signal: AbortSignal,
  context: Pick<
    OidcLogInContext,
    'oidc' | 'backendTimeoutMs' | 'authProxy' | 'client'
  >,
): Promise<OneTimeKey> {
  const key = await generateStampingKey()
  const { oidc, provider, oidcToken } = await signInInWindow(
    providerId,
    key,
    signInWindow,
    signal,
    context,
  )
  let session: unknown
  if (oidc.logIn) {
    const logIn = oidc.logIn
    ;({ session } = await readHostBackendAnswer(
      'oidc.logIn',
      (backendSignal) =>
        logIn(
          {
            oidcToken,
            publicKey: key.publicKey,
            expirationSeconds: oneTimeKeySeconds,
            invalidateExisting: false,
            purpose: 'add-passkey',
          },
          { signal: backendSignal },
        ),
      context.backendTimeoutMs,
    ).catch((error: unknown) => {
      if (
        error instanceof HostBackendError &&
        error.backendCode === 'no_account'
      )
        throw new OidcSignInError({
          reason: 'noAccount',
          provider: provider.id,
        })
      throw error
    }))
    if (typeof session !== 'string')
      throw new HostBackendError({
        callback: 'oidc.logIn',
        reason: 'its answer has no session',
      })
  } else
    session = await proxyLogIn(context.authProxy!, oidcToken, key, {
      signUp: undefined,
      invalidateExisting: false,
      provider: provider.id,
    })
  // Used for minutes at most; deleted whatever its session's own end.
  const made = sessionKeyOf(key, session as string, oneTimeKeySeconds)
  return {
    key,
    organizationId: made.organizationId,
    userId: made.userId,
    expiresAt: made.expiresAt,
    revoke: () => revokeSessionKey(context.client, made, undefined),
  }
}

/**
 * A provider's sign-in in `signInWindow` (opened in the tap) for an ID
 * token whose nonce names `key`, checked against what was asked: for the
 * steps of a page (recovery, a link), so no redirect: without a window,
 * `windowBlocked`. The window is closed whatever happens.
 */
export async function signInInWindow(
  providerId: string,
  key: StampingKey,
  signInWindow: Window | undefined,
  signal: AbortSignal,
  context: Pick<OidcLogInContext, 'oidc' | 'authProxy'>,
) {
  try {
    const { oidc, provider } = chosenProvider(context, providerId)
    const authorization = await startAuthorization(provider, {
      nonce: oidcNonce(key.publicKey),
      redirectUri: oidc.redirectUri,
    })
    if (!signInWindow)
      throw new OidcSignInError({
        reason: 'windowBlocked',
        provider: provider.id,
      })
    const back = await awaitSignIn(signInWindow, authorization, {
      timeoutMs: oidc.timeoutMs,
      signal,
    })
    return {
      oidc,
      provider,
      oidcToken: await idTokenOf(authorization, back),
    }
  } finally {
    signInWindow?.close()
  }
}
