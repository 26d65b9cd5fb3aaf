import { withTimeout } from '../core/withTimeout.js'
import type { SessionKey } from './sessionKey.js'

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

async function run<value>(
  mode: IDBTransactionMode,
  action: (objects: IDBObjectStore) => IDBRequest,
): Promise<value | undefined> {
  const db = await open()
  if (!db) return undefined
  try {
    return await new Promise<value>((resolve, reject) => {
      const request = action(db.transaction(store, mode).objectStore(store))
      request.onsuccess = () => resolve(request.result as value)
      request.onerror = () => reject(request.error)
    })
  } finally {
    db.close()
  }
}

// A slow or stuck IndexedDB must not hold wagmi's reconnect: the passkey still works without the key.
const readTimeoutMs = 2000

/**
 * Session keys by connector key, in IndexedDB: the only place a
 * non-extractable CryptoKey survives a reload. Reads never throw, and give
 * nothing after 2 s.
 */
export const sessionKeyStore = {
  async get(key: string): Promise<SessionKey | undefined> {
    try {
      const value = await withTimeout(
        run<SessionKey>('readonly', (objects) => objects.get(key)),
        readTimeoutMs,
        () => new Error('IndexedDB did not answer'),
      )
      return value &&
        value.privateKey instanceof CryptoKey &&
        typeof value.publicKey === 'string' &&
        typeof value.expiresAt === 'number' &&
        typeof value.organizationId === 'string'
        ? value
        : undefined
    } catch {
      return undefined
    }
  },
  async set(key: string, value: SessionKey) {
    await run('readwrite', (objects) => objects.put(value, key))
  },
  async delete(key: string) {
    try {
      await run('readwrite', (objects) => objects.delete(key))
    } catch {
      // Nothing stored, or storage unavailable: nothing to remove either.
    }
  },
}
