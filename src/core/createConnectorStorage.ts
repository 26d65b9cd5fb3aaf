import type { Storage } from '@wagmi/core'
import { type Address, getAddress, isAddress } from 'viem'

/** The three public values a connector keeps across reloads (SPEC §3). */
type ConnectorStorageItems = {
  activeAccount: Address
  sessionTopic: string
  chainId: number
}

export type ConnectorStorageItemName = keyof ConnectorStorageItems

export type ConnectorStorage = {
  /** The stored value, or `undefined` when it is missing, stale or garbage (then it is removed). */
  get<name extends ConnectorStorageItemName>(
    name: name,
  ): Promise<ConnectorStorageItems[name] | undefined>
  /** Writes a valid value; an invalid one is refused with a `TypeError`. */
  set<name extends ConnectorStorageItemName>(
    name: name,
    value: ConnectorStorageItems[name],
  ): Promise<void>
  remove(name: ConnectorStorageItemName): Promise<void>
  /** Removes all three entries. */
  clear(): Promise<void>
}

export type CreateConnectorStorageParameters = {
  /** wagmi's `config.storage`; `null` keeps nothing. */
  storage: Storage | null | undefined
  /** The connector's key, e.g. its id; every entry is named `<key>.<item>`. */
  key: string
  /** Chains of the config: a stored chain id outside them is stale. */
  chainIds?: readonly number[] | undefined
  /** What a session id looks like for this connector; a WalletConnect topic (64 hex) by default. */
  isSessionTopic?: ((value: string) => boolean) | undefined
}

const itemNames = [
  'activeAccount',
  'sessionTopic',
  'chainId',
] as const satisfies readonly ConnectorStorageItemName[]

/**
 * Namespaced, validating storage over wagmi's `config.storage`. Reads never
 * throw: whatever an older version, another connector or a user left behind
 * is discarded.
 */
export function createConnectorStorage({
  storage,
  key,
  chainIds,
  isSessionTopic = (value) => /^[0-9a-f]{64}$/.test(value),
}: CreateConnectorStorageParameters): ConnectorStorage {
  const parsers: {
    [name in ConnectorStorageItemName]: (
      value: unknown,
    ) => ConnectorStorageItems[name] | undefined
  } = {
    activeAccount: (value) =>
      typeof value === 'string' && isAddress(value)
        ? getAddress(value)
        : undefined,
    sessionTopic: (value) =>
      typeof value === 'string' && value.length <= 256 && isSessionTopic(value)
        ? value
        : undefined,
    chainId: (value) =>
      typeof value === 'number' &&
      Number.isSafeInteger(value) &&
      value > 0 &&
      (chainIds === undefined || chainIds.includes(value))
        ? value
        : undefined,
  }
  const storageKey = (name: ConnectorStorageItemName) => `${key}.${name}`

  async function remove(name: ConnectorStorageItemName) {
    try {
      await storage?.removeItem(storageKey(name))
    } catch {
      // A storage that cannot remove (private mode, quota) has nothing to keep either.
    }
  }

  return {
    async get(name) {
      if (!storage) return undefined
      let raw: unknown
      try {
        raw = await storage.getItem(storageKey(name))
      } catch {
        await remove(name)
        return undefined
      }
      if (raw === null || raw === undefined) return undefined
      const value = parsers[name](raw)
      if (value === undefined) await remove(name)
      return value
    },
    async set(name, value) {
      const parsed = parsers[name](value)
      if (parsed === undefined)
        throw new TypeError(
          `Refusing to store ${JSON.stringify(value)} as ${storageKey(name)}.`,
        )
      await storage?.setItem(storageKey(name), parsed)
    },
    remove,
    async clear() {
      await Promise.all(itemNames.map(remove))
    },
  }
}
