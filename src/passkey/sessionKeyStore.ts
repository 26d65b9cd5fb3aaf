import { read, write } from './keyDatabase.js'

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
