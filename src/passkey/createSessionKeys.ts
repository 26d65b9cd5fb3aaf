import { UnauthorizedProviderError } from 'viem'
import { SessionEndedError } from '../core/errors/connection.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { readSessionClaims } from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'
import {
  createSessionStamper,
  generateStampingKey,
} from '../turnkey/stampers.js'
import { ConnectionAbandonedError } from './ConnectionAbandonedError.js'
import { retryRevocations, revokeSessionKey } from './revokeSessionKey.js'
import { isLive, type SessionKey } from './sessionKey.js'
import { sessionKeyStore } from './sessionKeyStore.js'
import { withSessionFallback } from './withSessionFallback.js'

export type SessionKeysParameters = {
  /** The vendor's client, without the session fallback (revocations sign with the key itself). */
  client: VendorClient
  /** The passkey, for the requests no live session key can sign. */
  passkeyStamper(credentialId?: string, signal?: AbortSignal): Stamper
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

  let retrying: Promise<void> | undefined
  /**
   * In the background, and joining a retry under way: connect and reconnect
   * never wait for it, and it never prompts.
   */
  function retryUnconfirmed() {
    if (!sessionStoreKey || retrying) return
    retrying = retryRevocations(client, sessionStoreKey).finally(() => {
      retrying = undefined
    })
  }
  retryUnconfirmed()

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
        ? new UnauthorizedProviderError(new SessionEndedError())
        : undefined
    },
  })

  /** Registers a fresh session key with the passkey (one prompt); returns the user's organization. */
  async function startSession(
    seconds: number,
    organizationId: string,
    signal: AbortSignal,
    credentialId?: string,
  ) {
    retryUnconfirmed()
    const pair = await (nextKeyPair ?? generateStampingKey())
    nextKeyPair = generateStampingKey()
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
      passkeyStamper(credentialId, signal),
    )
    const claims = readSessionClaims(jwt)
    const made: SessionKey = {
      ...pair,
      organizationId: claims.organizationId,
      userId: claims.userId,
      expiresAt: Math.min(claims.exp, Math.floor(Date.now() / 1000) + seconds),
    }
    if (signal.aborted) {
      // Made for a connection the user left meanwhile: revoked now, not left to expire.
      void revokeSessionKey(client, made, sessionStoreKey)
      throw new ConnectionAbandonedError()
    }
    sessionKey = made
    // Without IndexedDB the session lasts for this page only.
    if (sessionStoreKey) await sessionKeyStore.set(sessionStoreKey, made)
    return claims.organizationId
  }

  return {
    /** The vendor, through the session fallback. */
    vendor,
    /** The key signing now, when live. */
    get live() {
      return sessionKey && isLive(sessionKey) ? sessionKey : undefined
    },
    /** A live session key signs silently; otherwise the passkey prompts. */
    stamper(credentialId?: string): Stamper {
      if (!sessionKey || !isLive(sessionKey))
        return passkeyStamper(credentialId)
      const silent = createSessionStamper(sessionKey)
      keyOf.set(silent, sessionKey)
      return silent
    },

    /** The key this browser kept for `organizationId`, while live; none when sessions are off. */
    async readStored(organizationId: string) {
      if (!sessionStoreKey) return undefined
      if (sessionSeconds === undefined) {
        // The host turned sessions off: a key left from before must not sign silently.
        await drop()
        return undefined
      }
      const stored = await sessionKeyStore.get(sessionStoreKey)
      return stored?.organizationId === organizationId && isLive(stored)
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
          ) =>
            startSession(sessionSeconds, organizationId, signal, credentialId),

    /**
     * Lets go of the key at once, then revokes it at the vendor: resolves
     * when the vendor deleted it, or after a deadline when it did not answer
     * (then it is kept as revoking, and tried again).
     */
    revoke(): Promise<void> {
      const leaving = sessionKey
      sessionKey = undefined
      return leaving
        ? revokeSessionKey(client, leaving, sessionStoreKey)
        : Promise.resolve()
    },
  }
}

export type SessionKeys = ReturnType<typeof createSessionKeys>
