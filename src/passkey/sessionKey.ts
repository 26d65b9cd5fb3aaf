import { UnauthorizedProviderError } from 'viem'
import { singleFlight } from '../core/lifecycle.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { readSessionClaims } from '../turnkey/createVendorClient.js'
import { unexpectedVendorAnswer } from '../turnkey/errors.js'
import type { Stamper, StampingKey } from '../turnkey/stampers.js'
import {
  createSessionStamper,
  generateStampingKey,
} from '../turnkey/stampers.js'
import { SessionProfileMismatchError } from './errors.js'

import {
  isDeadSessionKeyError,
  isOutOfScopeError,
  listing,
  retryRevocations,
  revokeSessionKey,
} from './sessionKeyRevocation.js'
import { isLive, type SessionKey, sessionKeyStore } from './sessionKeyStore.js'

type SessionKeysParameters = {
  /** The vendor's client, without the session fallback (revocations sign with the key itself). */
  client: VendorClient
  /** The passkey, for the requests no live session key can sign. */
  passkeyStamper(
    credentialId?: string,
    signal?: AbortSignal,
    onAssertion?: (credentialId: string) => void,
  ): Stamper
  /** How long a session key may sign; `undefined`: sessions are off, the passkey signs everything. */
  sessionSeconds: number | undefined
  /** Where the key lives in IndexedDB; `undefined` keeps it in memory only. */
  sessionStoreKey: string | undefined
  /** A new log-in invalidates the user's earlier session keys. */
  endOthersOnLogIn: boolean
  /** The vendor session profile whose scope bounds the key; none: the key can do what the passkey can. */
  sessionProfileId: string | undefined
}

/**
 * The passkey wallet's session key: made by a log-in with the passkey (one
 * prompt), then signing silently until it expires; kept in IndexedDB (never
 * web storage), and revoked at the vendor when the connection ends. A
 * revocation the vendor did not confirm is tried again when this loads and
 * at each log-in. Requests go through `vendor`, which falls back to the
 * passkey when the vendor no longer takes the key, unless the key was let go
 * of on purpose meanwhile.
 */
export function createSessionKeys({
  client,
  passkeyStamper,
  sessionSeconds,
  sessionStoreKey,
  endOthersOnLogIn,
  sessionProfileId,
}: SessionKeysParameters) {
  let sessionKey: SessionKey | undefined
  // Ready before the user taps: fewer awaits between the tap and the passkey prompt.
  let nextKeyPair =
    sessionSeconds === undefined ? undefined : generateStampingKey()
  /** The key each session stamper signs with, to tell an expiry from an ended session. */
  const keyOf = new WeakMap<Stamper, SessionKey>()

  const retrying = singleFlight<void>()
  /**
   * In the background, and joining a retry under way: connect and reconnect
   * never wait for it, and it never prompts.
   */
  function retryUnconfirmed() {
    if (!sessionStoreKey) return
    void retrying.run(() => retryRevocations(client, sessionStoreKey))
  }
  retryUnconfirmed()

  /** A kept key fits when sessions are on and it is of the profile asked for (none: a root key). */
  const fits = (key: SessionKey) =>
    sessionSeconds !== undefined && key.sessionProfileId === sessionProfileId
  /**
   * As this loads, a kept key that does not fit the options (sessions off,
   * another profile, a root key from an earlier version) is revoked,
   * whether or not the page reconnects, without waiting for the vendor: it
   * must not sign, nor live on.
   */
  const unfitRevoked = (async () => {
    if (!sessionStoreKey) return
    const stored = await sessionKeyStore.get(sessionStoreKey)
    if (!stored || fits(stored)) return
    await sessionKeyStore.markRevoking(sessionStoreKey, stored)
    void revokeSessionKey(client, stored, sessionStoreKey)
  })()

  async function drop() {
    sessionKey = undefined
    if (sessionStoreKey) await sessionKeyStore.delete(sessionStoreKey)
  }

  const vendor = withSessionFallback(client, {
    scoped: sessionProfileId !== undefined,
    onExpired: drop,
    fallback: passkeyStamper,
    // Its key was revoked by a disconnect (or replaced) while it was on its
    // way: it ends with the session, and never turns into a passkey prompt.
    endedError: (used) => {
      const key = keyOf.get(used)
      return key && key !== sessionKey
        ? new UnauthorizedProviderError(
            new SessionNotFoundError({ reason: 'ended' }),
          )
        : undefined
    },
  })

  /** The key pair made ahead, and the next one started. */
  async function takeNextKey(): Promise<StampingKey> {
    const pair = await (nextKeyPair ?? generateStampingKey())
    nextKeyPair = generateStampingKey()
    return pair
  }

  /**
   * Registers a fresh session key, authorised by `authorizer` (the passkey,
   * one prompt; or a one-time log-in key); returns the user's organization.
   */
  async function startSessionKey(
    seconds: number,
    organizationId: string,
    signal: AbortSignal,
    authorizer: Stamper,
  ) {
    retryUnconfirmed()
    const pair = await takeNextKey()
    const { session: jwt } = await vendor.submit<{ session: string }>(
      'stamp_login',
      {
        type: 'ACTIVITY_TYPE_STAMP_LOGIN',
        organizationId,
        parameters: {
          publicKey: pair.publicKey,
          expirationSeconds: String(seconds),
          // The newest log-in is the user's: earlier session keys lose their authority now.
          ...(endOthersOnLogIn && { invalidateExisting: true }),
          ...(sessionProfileId && { sessionProfileId }),
        },
        resultKey: 'stampLoginResult',
      },
      authorizer,
    )
    return keep(pair, jwt, seconds, signal)
  }

  /**
   * Keeps a key the vendor just logged in (`jwt`, its session) as the one
   * signing: checked to be under the profile asked for, and stored. A key
   * made for a connection the user left meanwhile, or of the wrong profile,
   * is revoked instead. Returns the user's organization.
   */
  async function keep(
    pair: StampingKey,
    jwt: string,
    seconds: number,
    signal: AbortSignal,
  ) {
    const made: SessionKey = {
      ...sessionKeyOf(pair, jwt, seconds),
      ...(sessionProfileId && { sessionProfileId }),
    }
    if (signal.aborted) {
      // Made for a connection the user left meanwhile: revoked now, not left to expire.
      void revokeSessionKey(client, made, sessionStoreKey)
      throw new SessionNotFoundError({ reason: 'abandoned' })
    }
    if (sessionProfileId) {
      // Taken from the vendor's own list, not the log-in's word: a key
      // under another profile, or none, never signs. A failed read fails
      // the log-in too, and the key is revoked all the same.
      try {
        await checkSessionProfile(client, made, sessionProfileId)
      } catch (error) {
        void revokeSessionKey(client, made, sessionStoreKey)
        throw error
      }
    }
    sessionKey = made
    // Without IndexedDB the session lasts for this page only.
    if (sessionStoreKey) await sessionKeyStore.set(sessionStoreKey, made)
    return made.organizationId
  }

  return {
    /** The vendor, through the session fallback. */
    vendor,
    /** The key signing now, when live. */
    get live() {
      return sessionKey && isLive(sessionKey) ? sessionKey : undefined
    },
    /**
     * Until when (unix seconds) no request needs the passkey: a live root
     * key's expiry. A key under a profile leaves messages and typed data to
     * the passkey from the start.
     */
    get silentUntil() {
      return sessionProfileId === undefined ? this.live?.expiresAt : undefined
    },
    /** A live session key signs silently; otherwise the passkey prompts. */
    stamper(credentialId?: string): Stamper {
      if (!sessionKey || !isLive(sessionKey))
        return passkeyStamper(credentialId)
      const silent = createSessionStamper(sessionKey)
      keyOf.set(silent, sessionKey)
      return silent
    },

    /**
     * Who authorises a signature the page gets back (a message, typed data,
     * a signed transaction), which it could keep and use after the session:
     * never a key under a session profile, whose scope cannot bound what a
     * digest is; the passkey. A root key signs as the passkey would.
     */
    signatureStamper(): Stamper {
      return sessionProfileId === undefined ? this.stamper() : passkeyStamper()
    },

    /**
     * The key this browser kept for `organizationId`, while live and
     * fitting the options; none when sessions are off.
     */
    async readStored(organizationId: string) {
      if (!sessionStoreKey) return undefined
      await unfitRevoked
      const stored = await sessionKeyStore.get(sessionStoreKey)
      return stored &&
        fits(stored) &&
        stored.organizationId === organizationId &&
        isLive(stored)
        ? stored
        : undefined
    },

    /** Signs with `key` (read back on a reload); a reload abandoned meanwhile revokes it instead. */
    resume(key: SessionKey | undefined, signal: AbortSignal) {
      if (!signal.aborted) {
        sessionKey = key
        return true
      }
      // Read for a reconnect that a disconnect ended meanwhile: it must not outlive it.
      if (key) void revokeSessionKey(client, key, sessionStoreKey)
      return false
    },

    /**
     * Registers a fresh session key with the passkey (one prompt); returns
     * the user's organization. Absent when sessions are off: then the
     * passkey signs everything.
     */
    start:
      sessionSeconds === undefined
        ? undefined
        : (
            organizationId: string,
            signal: AbortSignal,
            credentialId?: string,
            onAssertion?: (credentialId: string) => void,
          ) =>
            startSessionKey(
              sessionSeconds,
              organizationId,
              signal,
              passkeyStamper(credentialId, signal, onAssertion),
            ),

    /** The key pair the next session key is made of (an OIDC log-in's nonce names it ahead). */
    nextKey: takeNextKey,

    /**
     * Keeps `pair`, which the vendor logged in elsewhere (an OIDC log-in
     * through the host backend, `jwt` its session), as `start`'s own: checked,
     * stored, signing. Absent when sessions are off.
     */
    adopt:
      sessionSeconds === undefined
        ? undefined
        : (pair: StampingKey, jwt: string, signal: AbortSignal) =>
            keep(pair, jwt, sessionSeconds, signal),

    /**
     * Registers a fresh session key authorised by a one-time log-in key
     * (the Auth Proxy's OIDC log-in, whose key has no profile): the session
     * key is under the profile, the log-in key is the caller's to revoke.
     */
    startWith:
      sessionSeconds === undefined
        ? undefined
        : (organizationId: string, authorizer: Stamper, signal: AbortSignal) =>
            startSessionKey(sessionSeconds, organizationId, signal, authorizer),

    /**
     * Lets go of the key at once, and of any key stored to sign (one a
     * reload left unread included), then revokes it at the vendor: resolves
     * when the vendor deleted it, or after a deadline when it did not answer
     * (then it is kept as revoking, and tried again).
     */
    async revoke(): Promise<void> {
      const leaving = sessionKey
      sessionKey = undefined
      // The kept key too, when it is not the one signing (a reload still
      // reading it, or one kept under other options): deleted in the page
      // only, it would keep its authority at the vendor until it expires.
      const kept = sessionStoreKey
        ? await sessionKeyStore.get(sessionStoreKey)
        : undefined
      await Promise.all([
        leaving && revokeSessionKey(client, leaving, sessionStoreKey),
        kept &&
          kept.publicKey !== leaving?.publicKey &&
          revokeSessionKey(client, kept, sessionStoreKey),
        sessionStoreKey && sessionKeyStore.delete(sessionStoreKey),
      ])
    },
  }
}

// Falling back to the passkey when the vendor refuses the key.

/**
 * When the vendor refuses a session key (its clock is the one that counts,
 * and a key may be invalidated), forget the session and send the request
 * again with the passkey; unless the session was ended on purpose since
 * (`endedError`), which ends the request with that error, unprompted. A
 * request outside the key's scope is sent again with the passkey, that one
 * request only: the session goes on signing what it may.
 */
function withSessionFallback(
  vendor: VendorClient,
  {
    onExpired,
    fallback,
    endedError,
    scoped,
  }: {
    /** The key is issued under a session profile: a refusal on scope asks the passkey. */
    scoped: boolean
    onExpired(): Promise<void>
    fallback(): Stamper
    /** The error for a request whose key's session was ended since it was stamped; undefined while it is still the session's. */
    endedError(stamper: Stamper): Error | undefined
  },
): VendorClient {
  async function retry<result>(
    stamper: Stamper,
    call: (stamper: Stamper) => Promise<result>,
  ): Promise<result> {
    try {
      return await call(stamper)
    } catch (error) {
      const outOfScope = scoped && isOutOfScopeError(error)
      if (
        stamper.kind !== 'session' ||
        !(outOfScope || isDeadSessionKeyError(error))
      )
        throw error
      const ended = endedError(stamper)
      if (ended) throw ended
      if (!outOfScope) await onExpired()
      if (stamper.fallsBack === false) throw error
      return call(fallback())
    }
  }
  return {
    query: (name, body, stamper) =>
      retry(stamper, (s) => vendor.query(name, body, s)),
    submit: (name, activity, stamper) =>
      retry(stamper, (s) => vendor.submit(name, activity, s)),
  }
}

/**
 * Reads the new key back from the vendor's list of the user's keys (signed
 * by the key): it must be there under `sessionProfileId`, or it is refused
 * with SessionProfileMismatchError.
 */
async function checkSessionProfile(
  vendor: VendorClient,
  key: SessionKey,
  sessionProfileId: string,
) {
  const { answered, own } = await listing(vendor, key, key.userId)
  if (!answered)
    throw unexpectedVendorAnswer('get_api_keys answered no apiKeys')
  const listed = own?.credential?.sessionProfileId
  if (listed !== sessionProfileId)
    throw new SessionProfileMismatchError({
      expected: sessionProfileId,
      listed: !own
        ? undefined
        : typeof listed === 'string'
          ? `session profile ${listed}`
          : 'no session profile',
    })
}

export type SessionKeys = ReturnType<typeof createSessionKeys>

/**
 * `pair` as the vendor logged it in (`jwt`, its session): whose, and until
 * the session's own end, or `seconds` from now when the page uses it for
 * less.
 */
export function sessionKeyOf(
  pair: StampingKey,
  jwt: string,
  seconds = Number.POSITIVE_INFINITY,
): SessionKey & { userId: string } {
  const claims = readSessionClaims(jwt)
  return {
    ...pair,
    organizationId: claims.organizationId,
    userId: claims.userId,
    expiresAt: Math.min(claims.exp, Math.floor(Date.now() / 1000) + seconds),
  }
}
