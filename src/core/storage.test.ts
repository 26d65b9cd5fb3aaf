import { type CreateStorageParameters, createStorage } from '@wagmi/core'

type BaseStorage = NonNullable<CreateStorageParameters['storage']>

import { describe, expect, it } from 'vitest'
import { createConnectorStorage } from './storage.js'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const topic = 'a'.repeat(64)
const sessionTopic = {
  name: 'sessionTopic',
  isValid: (value: string) => /^[0-9a-f]{64}$/.test(value),
} as const

function memory(initial: Record<string, string> = {}) {
  const raw = new Map(Object.entries(initial))
  const base: BaseStorage = {
    getItem: (key) => raw.get(key) ?? null,
    setItem: (key, value) => void raw.set(key, value),
    removeItem: (key) => void raw.delete(key),
  }
  return { raw, storage: createStorage({ storage: base }) }
}

function connectorStorage(initial: Record<string, string> = {}) {
  const { raw, storage } = memory(initial)
  return {
    raw,
    store: createConnectorStorage({
      storage,
      key: 'pack',
      chainIds: [1, 8453],
      sessionId: sessionTopic,
    }),
  }
}

describe('createConnectorStorage', () => {
  it('round-trips the three entries under the connector key', async () => {
    const { raw, store } = connectorStorage()
    await store.set('activeAccount', account)
    await store.set('sessionTopic', topic)
    await store.set('chainId', 8453)
    expect([...raw.keys()].sort()).toEqual([
      'wagmi.pack.activeAccount',
      'wagmi.pack.chainId',
      'wagmi.pack.sessionTopic',
    ])
    expect(await store.get('activeAccount')).toBe(account)
    expect(await store.get('sessionTopic')).toBe(topic)
    expect(await store.get('chainId')).toBe(8453)
  })

  it('keeps no session id for a connector without one, and names it as the connector does', async () => {
    const { raw, storage } = memory()
    const injected = createConnectorStorage({ storage, key: 'injected' })
    const passkey = createConnectorStorage({
      storage,
      key: 'passkey',
      sessionId: { name: 'subOrganizationId', isValid: (id) => id === 'org' },
    })
    await injected.set('chainId', 1)
    await passkey.set('subOrganizationId', 'org')
    await injected.clear()
    expect([...raw.keys()]).toEqual(['wagmi.passkey.subOrganizationId'])
    await passkey.clear()
    expect(raw.size).toBe(0)
  })

  it('keeps connectors apart', async () => {
    const { storage } = memory()
    const one = createConnectorStorage({ storage, key: 'one' })
    const two = createConnectorStorage({ storage, key: 'two' })
    await one.set('chainId', 1)
    expect(await two.get('chainId')).toBeUndefined()
    await two.clear()
    expect(await one.get('chainId')).toBe(1)
  })

  it('checksums an account stored in lowercase', async () => {
    const { store } = connectorStorage({
      'wagmi.pack.activeAccount': JSON.stringify(account.toLowerCase()),
    })
    expect(await store.get('activeAccount')).toBe(account)
  })

  it('clear() removes all three entries and nothing else', async () => {
    const { raw, store } = connectorStorage({
      'wagmi.recentConnectorId': '"pack"',
    })
    await store.set('activeAccount', account)
    await store.set('sessionTopic', topic)
    await store.set('chainId', 1)
    await store.clear()
    expect([...raw.keys()]).toEqual(['wagmi.recentConnectorId'])
  })

  it('is empty, not broken, without storage', async () => {
    const store = createConnectorStorage({ storage: null, key: 'pack' })
    await store.set('chainId', 1)
    expect(await store.get('chainId')).toBeUndefined()
    await expect(store.clear()).resolves.toBeUndefined()
  })

  it('refuses to write an invalid value', async () => {
    const { raw, store } = connectorStorage()
    await expect(store.set('chainId', 5)).rejects.toThrow(TypeError)
    await expect(store.set('sessionTopic', 'nope')).rejects.toThrow(
      /Refusing to store "nope" as pack.sessionTopic/,
    )
    expect(raw.size).toBe(0)
  })

  describe('discards what it cannot trust', () => {
    const garbage: [
      string,
      'activeAccount' | 'sessionTopic' | 'chainId',
      string,
    ][] = [
      ['non-JSON text', 'activeAccount', 'not json at all'],
      ['truncated JSON', 'sessionTopic', '{"a":'],
      ['a number for an account', 'activeAccount', '12345'],
      ['a short address', 'activeAccount', '"0x1234"'],
      [
        'an address with a broken checksum',
        'activeAccount',
        JSON.stringify(account.replace('F', 'f')),
      ],
      [
        'an old object format',
        'activeAccount',
        JSON.stringify({ address: account }),
      ],
      ['an array', 'sessionTopic', JSON.stringify([topic])],
      [
        'an uppercase topic',
        'sessionTopic',
        JSON.stringify(topic.toUpperCase()),
      ],
      ['a topic of 65 characters', 'sessionTopic', JSON.stringify(`${topic}a`)],
      ['a huge string', 'sessionTopic', JSON.stringify('f'.repeat(2_000_000))],
      ['a chain id as a string', 'chainId', '"1"'],
      ['a fractional chain id', 'chainId', '1.5'],
      ['a negative chain id', 'chainId', '-1'],
      ['a chain id beyond safe integers', 'chainId', '1e400'],
      [
        'a bigint chain id',
        'chainId',
        JSON.stringify({ __type: 'bigint', value: '1' }),
      ],
      ['a stale chain id no longer configured', 'chainId', '10'],
      ['a boolean', 'chainId', 'true'],
      [
        'a prototype-polluting object',
        'activeAccount',
        '{"__proto__":{"polluted":true}}',
      ],
    ]

    it.each(garbage)('%s', async (_, name, stored) => {
      const key = `wagmi.pack.${name}`
      const { raw, store } = connectorStorage({ [key]: stored })
      await expect(store.get(name)).resolves.toBeUndefined()
      expect(raw.has(key)).toBe(false)
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
    })

    it('treats JSON null and an empty string as missing', async () => {
      const { store } = connectorStorage({
        'wagmi.pack.chainId': 'null',
        'wagmi.pack.sessionTopic': '',
      })
      expect(await store.get('chainId')).toBeUndefined()
      expect(await store.get('sessionTopic')).toBeUndefined()
    })

    it('survives a storage that throws or rejects', async () => {
      const throwing = createConnectorStorage({
        key: 'pack',
        storage: createStorage({
          storage: {
            getItem() {
              throw new DOMException('denied', 'SecurityError')
            },
            setItem() {},
            removeItem() {
              throw new DOMException('denied', 'SecurityError')
            },
          },
        }),
      })
      await expect(throwing.get('chainId')).resolves.toBeUndefined()
      await expect(throwing.clear()).resolves.toBeUndefined()

      const rejecting = createConnectorStorage({
        key: 'pack',
        storage: createStorage({
          storage: {
            getItem: () => Promise.reject(new Error('IndexedDB closed')),
            setItem: () => Promise.resolve(),
            removeItem: () => Promise.resolve(),
          },
        }),
      })
      await expect(rejecting.get('activeAccount')).resolves.toBeUndefined()
    })
  })
})
