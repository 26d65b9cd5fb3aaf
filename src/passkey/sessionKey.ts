import { UnauthorizedProviderError } from 'viem'
import { withTimeout } from '../core/deadlines.js'
import { singleFlight } from '../core/lifecycle.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { readSessionClaims } from '../turnkey/createVendorClient.js'
import {
  grpcCode,
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import {
  createSessionStamper,
  generateStampingKey,
} from '../turnkey/stampers.js'
import { SessionProfileMismatchError } from './errors.js'

/**
 * A short-lived P-256 key the vendor accepts in place of the passkey. The
 * private half is a non-extractable WebCrypto key: script can use it, never
 * read it, and it is kept only in IndexedDB. It stamps through
 * `createSessionStamper` (src/turnkey).
 */
export type SessionKey = {
  privateKey: CryptoKey
  /** Compressed P-256 point, hex, as the vendor registers it. */
  publicKey: string
  /** Unix seconds; the vendor's own clock decides in the end. */
  expiresAt: number
  /** The sub-organization the key acts in. */
  organizationId: string
  /** The user the key was registered on (absent on keys stored by older versions). */
  userId?: string | undefined
  /** The vendor session profile the key was issued under; none: a root key. */
  sessionProfileId?: string | undefined
}

/** Seconds, not milliseconds: the vendor SDK mixes the two and keeps dead sessions alive. */
export function isLive(key: SessionKey, nowMs = Date.now()) {
  return key.expiresAt * 1000 > nowMs
}

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

  /** Registers a fresh session key with the passkey (one prompt); returns the user's organization. */
  async function startSession(
    seconds: number,
    organizationId: string,
    signal: AbortSignal,
    credentialId?: string,
    onAssertion?: (credentialId: string) => void,
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
      passkeyStamper(credentialId, signal, onAssertion),
    )
    const claims = readSessionClaims(jwt)
    const made: SessionKey = {
      ...pair,
      organizationId: claims.organizationId,
      userId: claims.userId,
      expiresAt: Math.min(claims.exp, Math.floor(Date.now() / 1000) + seconds),
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
    return claims.organizationId
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
            startSession(
              sessionSeconds,
              organizationId,
              signal,
              credentialId,
              onAssertion,
            ),

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

/** The vendor no longer takes the session key that stamped the request: expired by its clock, or removed. */
const isDeadSessionKeyError = (error: unknown) =>
  error instanceof VendorRequestError &&
  /expired api key|could not find public key/i.test(error.vendorMessage)

/** The vendor takes the session key, but its session profile's scope does not allow the request. */
const isOutOfScopeError = (error: unknown) =>
  error instanceof VendorRequestError &&
  error.status === 403 &&
  error.vendorCode === grpcCode.permissionDenied

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

/** The vendor's list of the user's keys, read with `key` itself, and `key`'s own entry in it. */
async function listing(
  vendor: VendorClient,
  key: SessionKey,
  userId: string | undefined,
) {
  const { apiKeys } = await vendor.query<{ apiKeys?: ApiKeyView[] }>(
    'get_api_keys',
    { organizationId: key.organizationId, userId },
    createSessionStamper(key),
  )
  return {
    answered: Array.isArray(apiKeys),
    own: Array.isArray(apiKeys)
      ? apiKeys.find(
          (apiKey) => apiKey?.credential?.publicKey === key.publicKey,
        )
      : undefined,
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

// Revocation at the vendor, confirmed or tried again.

/** A disconnect waits this long for the vendor; past it the key is kept as revoking. */
const sessionRevocationTimeoutMs = 5000

type ApiKeyView = {
  apiKeyId?: unknown
  credential?: { publicKey?: unknown; sessionProfileId?: unknown }
}

/**
 * Deletes a session key at the vendor, signed by the key itself. Two
 * requests: the user's keys, then `delete_api_keys` of this one. True once
 * the key has no authority left: deleted, no longer listed, or refused by
 * the vendor as unknown or expired; false when the vendor failed or did not
 * answer in time.
 */
async function deleteAtVendor(vendor: VendorClient, key: SessionKey) {
  const stamper = createSessionStamper(key)
  const { organizationId } = key
  const revoke = async () => {
    const userId =
      key.userId ??
      (
        await vendor.query<{ userId: string }>(
          'whoami',
          { organizationId },
          stamper,
        )
      ).userId
    const { own } = await listing(vendor, key, userId)
    if (typeof own?.apiKeyId !== 'string') return true
    await vendor.submit(
      'delete_api_keys',
      {
        type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
        organizationId,
        parameters: { userId, apiKeyIds: [own.apiKeyId] },
        resultKey: 'deleteApiKeysResult',
      },
      stamper,
    )
    return true
  }
  return withTimeout(
    revoke(),
    sessionRevocationTimeoutMs,
    () => new Error('the vendor did not answer'),
    // A key whose profile does not let it delete keys can never revoke
    // itself: it is dropped here, and ends by expiry or the next log-in.
  ).catch(
    (error: unknown) =>
      isDeadSessionKeyError(error) || isOutOfScopeError(error),
  )
}

/** Revocations on their way, by public key: a key is revoked by one caller at a time. */
const settling = singleFlight<void, string>()

/**
 * Asks the vendor to revoke `key` unless it has expired, then forgets it
 * once the vendor confirmed; an unconfirmed one stays revoking, for later.
 */
function settle(
  vendor: VendorClient,
  key: SessionKey,
  storeKey: string | undefined,
) {
  return settling.run(async () => {
    if (isLive(key) && !(await deleteAtVendor(vendor, key))) return
    if (storeKey) await sessionKeyStore.deleteRevoking(storeKey, key.publicKey)
  }, key.publicKey)
}

/**
 * Revokes a session key at the vendor, so that a stamp it made before (a
 * copied request, a stolen key) is refused from now on instead of until it
 * expires. The key is kept in IndexedDB (under `storeKey`) as revoking until
 * the vendor confirms: one that failed, did not answer within 5 s, or whose
 * page closed meanwhile, is tried again by `retryRevocations`. A revoking key
 * never signs for the user again. Never rejects: the caller has already
 * dropped the key.
 */
export async function revokeSessionKey(
  vendor: VendorClient,
  key: SessionKey,
  storeKey: string | undefined,
): Promise<void> {
  if (storeKey) await sessionKeyStore.markRevoking(storeKey, key)
  await settle(vendor, key, storeKey)
}

/**
 * Tries again the revocations the vendor has not confirmed (an expired key
 * is only forgotten, with no request); each one once at a time, without any
 * prompt. Never rejects.
 */
async function retryRevocations(
  vendor: VendorClient,
  storeKey: string,
): Promise<void> {
  const revoking = await sessionKeyStore.revoking(storeKey)
  await Promise.all(revoking.map((key) => settle(vendor, key, storeKey)))
}

// The IndexedDB store.

const database = 'wagmi-connector-pack'
const store = 'session-keys'

function open(): Promise<IDBDatabase> | undefined {
  if (typeof indexedDB === 'undefined') return undefined
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(store)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Runs `action` in one transaction; resolves to what its returned getter reads once the transaction is complete. */
async function run<value>(
  mode: IDBTransactionMode,
  action: (objects: IDBObjectStore) => () => value,
): Promise<value | undefined> {
  const db = await open()
  if (!db) return undefined
  try {
    return await new Promise<value>((resolve, reject) => {
      const transaction = db.transaction(store, mode)
      const result = action(transaction.objectStore(store))
      transaction.oncomplete = () => resolve(result())
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  } finally {
    db.close()
  }
}

// A slow or stuck IndexedDB must not hold wagmi's reconnect: the passkey still works without the key.
const readTimeoutMs = 2000

/** A read that never throws, and gives nothing after 2 s. */
function read<value>(
  mode: IDBTransactionMode,
  action: (objects: IDBObjectStore) => () => value,
): Promise<value | undefined> {
  return withTimeout(
    run(mode, action),
    readTimeoutMs,
    () => new Error('IndexedDB did not answer'),
  ).catch(() => undefined)
}

/** A write that never throws: without storage there is nothing to keep, or to remove. */
async function write(action: (objects: IDBObjectStore) => void) {
  await run('readwrite', (objects) => {
    action(objects)
    return () => undefined
  }).catch(() => undefined)
}

/** What IndexedDB holds for a key: a key being revoked says so, and never signs again. */
type StoredSessionKey = SessionKey & { state?: 'revoking' }

/** A stored value as a session key in `state`, or `undefined` for anything else (garbage included). */
function asSessionKey(
  value: unknown,
  state: StoredSessionKey['state'],
): SessionKey | undefined {
  const key = value as Partial<StoredSessionKey> | undefined
  return key?.privateKey instanceof CryptoKey &&
    typeof key.publicKey === 'string' &&
    typeof key.expiresAt === 'number' &&
    typeof key.organizationId === 'string' &&
    (key.userId === undefined || typeof key.userId === 'string') &&
    (key.sessionProfileId === undefined ||
      typeof key.sessionProfileId === 'string') &&
    key.state === state
    ? (key as SessionKey)
    : undefined
}

// One entry per key being revoked, apart from the key that signs: a key made meanwhile never overwrites one.
const revokingEntry = (at: string, publicKey: string) => [
  at,
  'revoking',
  publicKey,
]
const isRevokingEntry = (
  at: string,
  entry: IDBValidKey,
): entry is IDBValidKey[] =>
  Array.isArray(entry) && entry[0] === at && entry[1] === 'revoking'

/**
 * Session keys by connector key, in IndexedDB: the only place a
 * non-extractable CryptoKey survives a reload. `get`, `set` and `delete` are
 * the key that signs; the keys whose revocation the vendor has not confirmed
 * yet are kept apart, marked revoking, until it does. Nothing here throws;
 * reads give nothing after 2 s, and drop what is not a session key.
 */
export const sessionKeyStore = {
  async get(at: string): Promise<SessionKey | undefined> {
    const value = await read('readonly', (objects) => {
      const request = objects.get(at)
      return () => request.result as unknown
    })
    return asSessionKey(value, undefined)
  },
  set: (at: string, key: SessionKey) =>
    write((objects) => objects.put(key, at)),
  delete: (at: string) => write((objects) => objects.delete(at)),
  /**
   * Keeps `key` as revoking, in one transaction moved out of the place of
   * the key that signs when it is there (a newer key there stays). Without
   * storage the key is only revoked this once.
   */
  markRevoking: (at: string, key: SessionKey) =>
    write((objects) => {
      const signing = objects.get(at)
      signing.onsuccess = () => {
        if (
          asSessionKey(signing.result, undefined)?.publicKey === key.publicKey
        )
          objects.delete(at)
      }
      objects.put(
        { ...key, state: 'revoking' } satisfies StoredSessionKey,
        revokingEntry(at, key.publicKey),
      )
    }),
  /** The keys marked revoking; any other value among them is deleted. */
  async revoking(at: string): Promise<SessionKey[]> {
    const keys = await read('readwrite', (objects) => {
      const found: SessionKey[] = []
      // A few entries at most: every connector key's, each with its keys being revoked.
      const cursor = objects.openCursor()
      cursor.onsuccess = () => {
        const entry = cursor.result
        if (!entry) return
        if (isRevokingEntry(at, entry.key)) {
          const key = asSessionKey(entry.value, 'revoking')
          if (key && key.publicKey === entry.key[2]) found.push(key)
          else entry.delete()
        }
        entry.continue()
      }
      return () => found
    })
    return keys ?? []
  },
  /** Forgets a key whose revocation the vendor confirmed. */
  deleteRevoking: (at: string, publicKey: string) =>
    write((objects) => objects.delete(revokingEntry(at, publicKey))),
}
