import { withTimeout } from '../core/deadlines.js'

// The browser's database of the wallet's keys (IndexedDB, never web
// storage): the only place a non-extractable CryptoKey survives a reload.
// One store, keyed by entry; the session keys and the sign-ins waiting for
// a provider's answer each keep their entries in it.

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
export async function run<value>(
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
export function read<value>(
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
export async function write(action: (objects: IDBObjectStore) => void) {
  await run('readwrite', (objects) => {
    action(objects)
    return () => undefined
  }).catch(() => undefined)
}
