import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { generateStampingKey } from '../turnkey/stampers.js'
import { isLive, type SessionKey, sessionKeyStore } from './sessionKeyStore.js'

describe('isLive', () => {
  it('reads the expiry in seconds, not milliseconds', () => {
    const key = { expiresAt: 1_800_000_000 } as Parameters<typeof isLive>[0]
    expect(isLive(key, 1_799_999_999_000)).toBe(true)
    expect(isLive(key, 1_800_000_000_000)).toBe(false)
  })
})

const at = 'host.passkeyWallet'

async function sessionKey(): Promise<SessionKey> {
  return {
    ...(await generateStampingKey()),
    organizationId: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    expiresAt: Math.floor(Date.now() / 1000) + 900,
  }
}

const request = <value>(r: IDBRequest<value>) =>
  new Promise<value>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error)
  })

/** Writes `value` at `entry` behind the store's back, as tampering or a bug would (the database exists). */
async function storeRaw(entry: IDBValidKey, value: unknown) {
  const database = await request(indexedDB.open('wagmi-connector-pack'))
  try {
    await request(
      database
        .transaction('session-keys', 'readwrite')
        .objectStore('session-keys')
        .put(value, entry),
    )
  } finally {
    database.close()
  }
}

async function entries() {
  const database = await request(indexedDB.open('wagmi-connector-pack'))
  try {
    return await request(
      database
        .transaction('session-keys')
        .objectStore('session-keys')
        .getAllKeys(),
    )
  } finally {
    database.close()
  }
}

const publicKeys = (keys: SessionKey[]) =>
  keys.map((key) => key.publicKey).sort()

describe('sessionKeyStore', () => {
  beforeEach(() => {
    // An IndexedDB of its own for each test, in memory, as the browser's would be.
    vi.stubGlobal('indexedDB', new IDBFactory())
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('keeps a key being revoked apart from the key that signs: a new key never overwrites it', async () => {
    const [old, made] = [await sessionKey(), await sessionKey()]
    await sessionKeyStore.set(at, old)
    await sessionKeyStore.markRevoking(at, old)
    // Moved out: a reconnect reads nothing to sign with.
    expect(await sessionKeyStore.get(at)).toBeUndefined()
    await sessionKeyStore.set(at, made)
    expect((await sessionKeyStore.get(at))?.publicKey).toBe(made.publicKey)
    expect(publicKeys(await sessionKeyStore.revoking(at))).toEqual([
      old.publicKey,
    ])
  })

  it('marking a key revoking leaves a newer key that signs where it is', async () => {
    const [old, made] = [await sessionKey(), await sessionKey()]
    await sessionKeyStore.set(at, made)
    await sessionKeyStore.markRevoking(at, old)
    expect((await sessionKeyStore.get(at))?.publicKey).toBe(made.publicKey)
    expect(publicKeys(await sessionKeyStore.revoking(at))).toEqual([
      old.publicKey,
    ])
  })

  it('forgets a key once its revocation is confirmed, and only that one', async () => {
    const [one, other] = [await sessionKey(), await sessionKey()]
    await sessionKeyStore.markRevoking(at, one)
    await sessionKeyStore.markRevoking(at, other)
    await sessionKeyStore.markRevoking('other.passkeyWallet', one)
    await sessionKeyStore.deleteRevoking(at, one.publicKey)
    expect(publicKeys(await sessionKeyStore.revoking(at))).toEqual([
      other.publicKey,
    ])
    expect(
      publicKeys(await sessionKeyStore.revoking('other.passkeyWallet')),
    ).toEqual([one.publicKey])
  })

  it('a record marked revoking in the place of the key that signs is never read as one', async () => {
    const key = await sessionKey()
    await sessionKeyStore.set(at, key)
    await storeRaw(at, { ...key, state: 'revoking' })
    expect(await sessionKeyStore.get(at)).toBeUndefined()
  })

  it.each([
    ['text', () => 'garbage'],
    ['null', () => null],
    ['a key with no CryptoKey', (key) => ({ ...key, privateKey: 'a key' })],
    [
      'an expiry as text',
      (key) => ({ ...key, expiresAt: String(key.expiresAt) }),
    ],
    ['an unknown state', (key) => ({ ...key, state: 'signing' })],
  ] as [string, (key: SessionKey) => unknown][])(
    '%s stored as the key that signs reads as none, without throwing',
    async (_, value) => {
      const key = await sessionKey()
      await sessionKeyStore.set(at, key)
      await storeRaw(at, value(key))
      expect(await sessionKeyStore.get(at)).toBeUndefined()
    },
  )

  it('garbage among the keys being revoked is dropped from IndexedDB; the valid ones and the other entries stay', async () => {
    const [kept, other] = [await sessionKey(), await sessionKey()]
    await sessionKeyStore.markRevoking(at, kept)
    await sessionKeyStore.set(at, other)
    const garbage: [IDBValidKey, unknown][] = [
      [[at, 'revoking', 'text'], 'garbage'],
      [[at, 'revoking'], { ...other, state: 'revoking' }],
      // Not marked revoking: it would be a key that signs.
      [[at, 'revoking', other.publicKey], other],
      // Filed under another key than its own.
      [[at, 'revoking', '02ab'], { ...other, state: 'revoking' }],
      [
        [at, 'revoking', 'expiry'],
        { ...other, expiresAt: String(other.expiresAt), state: 'revoking' },
      ],
      [[at, 'revoking', 'user'], { ...other, userId: 1, state: 'revoking' }],
    ]
    for (const [entry, value] of garbage) await storeRaw(entry, value)
    expect(publicKeys(await sessionKeyStore.revoking(at))).toEqual([
      kept.publicKey,
    ])
    expect(await entries()).toEqual([at, [at, 'revoking', kept.publicKey]])
  })

  it('without IndexedDB (some private windows): nothing is kept, nothing throws', async () => {
    vi.stubGlobal('indexedDB', undefined)
    const key = await sessionKey()
    await sessionKeyStore.markRevoking(at, key)
    expect(await sessionKeyStore.revoking(at)).toEqual([])
    await sessionKeyStore.deleteRevoking(at, key.publicKey)
    expect(await sessionKeyStore.get(at)).toBeUndefined()
  })
})
