import type { Storage } from '@wagmi/core'
import { type Address, getAddress, isAddress } from 'viem'

/**
 * The id of a connector's session, as it is kept across reloads: its entry's
 * name and what a valid one looks like (a WalletConnect topic, or passkeyWallet's sub-organization id).
 */
export type StoredSessionId<name extends string = string> = {
  name: name
  isValid(value: string): boolean
}

/** The three public values a connector keeps across reloads. */
export type ConnectorStorageItems<sessionIdName extends string> = {
  activeAccount: Address
  chainId: number
} & { [name in sessionIdName]: string }

/**
 * Namespaced storage over wagmi's `config.storage` whose every value is
 * checked, on its way in and out, by its entry's parser.
 */
export type ValidatedStorage<items> = {
  /** The stored value, or `undefined` when it is missing, stale or garbage (then it is removed). */
  get<name extends keyof items>(name: name): Promise<items[name] | undefined>
  /** Writes a valid value; an invalid one is refused with a `TypeError`. */
  set<name extends keyof items>(name: name, value: items[name]): Promise<void>
  remove(name: keyof items): Promise<void>
  /** Removes every entry. */
  clear(): Promise<void>
}

export type ConnectorStorage<sessionIdName extends string = never> =
  ValidatedStorage<ConnectorStorageItems<sessionIdName>>

export type CreateConnectorStorageParameters<sessionIdName extends string> = {
  /** wagmi's `config.storage`; `null` keeps nothing. */
  storage: Storage | null | undefined
  /** The connector's key, e.g. its id; every entry is named `<key>.<item>`. */
  key: string
  /** Chains of the config: a stored chain id outside them is stale. */
  chainIds?: readonly number[] | undefined
  /** The connector's session id, when it keeps one. */
  sessionId?: StoredSessionId<sessionIdName> | undefined
}

/**
 * Namespaced, validating storage over wagmi's `config.storage`: the entry
 * `name` is kept as `<key>.<name>`, and `parsers[name]` gives its value, or
 * `undefined` when what it is handed is not one. Reads never throw: whatever
 * an older version, another connector or a user left behind, or what cannot
 * be read, is discarded. A write `parsers` refuses is a `TypeError`.
 */
export function createValidatedStorage<items>(
  storage: Storage | null | undefined,
  key: string,
  parsers: {
    [name in keyof items]: (value: unknown) => items[name] | undefined
  },
): ValidatedStorage<items> {
  const storageKey = (name: keyof items) => `${key}.${name as string}`

  async function remove(name: keyof items) {
    try {
      await storage?.removeItem(storageKey(name))
    } catch {
      // A storage that cannot remove (private mode, quota) has nothing to keep either.
    }
  }

  return {
    async get(name) {
      let raw: unknown
      try {
        // No storage: nothing stored.
        raw = await storage?.getItem(storageKey(name))
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
      await Promise.all((Object.keys(parsers) as (keyof items)[]).map(remove))
    },
  }
}

/**
 * A connector's storage (its account, chain and session id), validated: reads
 * never throw, and a stale or garbage value is discarded.
 */
export function createConnectorStorage<sessionIdName extends string = never>({
  storage,
  key,
  chainIds,
  sessionId,
}: CreateConnectorStorageParameters<sessionIdName>): ConnectorStorage<sessionIdName> {
  const parsers: Record<string, (value: unknown) => unknown> = {
    activeAccount: (value) =>
      typeof value === 'string' && isAddress(value)
        ? getAddress(value)
        : undefined,
    chainId: (value) =>
      typeof value === 'number' &&
      Number.isSafeInteger(value) &&
      value > 0 &&
      (chainIds === undefined || chainIds.includes(value))
        ? value
        : undefined,
  }
  if (sessionId)
    parsers[sessionId.name] = (value) =>
      typeof value === 'string' &&
      value.length <= 256 &&
      sessionId.isValid(value)
        ? value
        : undefined
  return createValidatedStorage(storage, key, parsers as never)
}
