import { withTimeout } from '../core/deadlines.js'

// The session key, and where it is kept: IndexedDB, never web storage.

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
 * A sign-in with a provider that left the page by redirect: the key its
 * nonce names and what its answer must match, kept until the page it comes
 * back to finishes it (once), or until it expires.
 */
export type PendingSignIn = {
  /** The key the provider's ID token will log in (non-extractable). */
  privateKey: CryptoKey
  publicKey: string
  /** The provider's id in `passkeyWallet({ oidc })`. */
  provider: string
  state: string
  nonce: string
  /** The PKCE verifier of a code flow. */
  verifier: string | undefined
  tokenEndpoint: string | undefined
  redirectUri: string
  /** The user's name if the sign-in makes an account. */
  userName: string
  /** Unix milliseconds. */
  expiresAt: number
}

const signInEntry = (at: string, state: string) => [at, 'sign-in', state]
const isSignInEntry = (
  at: string,
  entry: IDBValidKey,
): entry is IDBValidKey[] =>
  Array.isArray(entry) && entry[0] === at && entry[1] === 'sign-in'

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
  /** Keeps a sign-in that leaves the page by redirect; false when it could not be kept. */
  keepSignIn: (at: string, pending: PendingSignIn) =>
    run('readwrite', (objects) => {
      objects.put(pending, signInEntry(at, pending.state))
      return () => true
    }).catch(() => false),
  /**
   * The sign-in of `state`, removed as it is read (an answer is used once),
   * while it has not expired; expired ones are removed on the way.
   */
  async takeSignIn(at: string, state: string, nowMs = Date.now()) {
    return read('readwrite', (objects) => {
      let found: PendingSignIn | undefined
      const cursor = objects.openCursor()
      cursor.onsuccess = () => {
        const entry = cursor.result
        if (!entry) return
        if (isSignInEntry(at, entry.key)) {
          const pending = entry.value as Partial<PendingSignIn>
          if (
            entry.key[2] === state &&
            pending?.privateKey instanceof CryptoKey &&
            typeof pending.expiresAt === 'number' &&
            pending.expiresAt > nowMs
          )
            found = pending as PendingSignIn
          if (entry.key[2] === state || !(Number(pending?.expiresAt) > nowMs))
            entry.delete()
        }
        entry.continue()
      }
      return () => found
    })
  },
}
