import { type CreateStorageParameters, createStorage } from '@wagmi/core'

type BaseStorage = NonNullable<CreateStorageParameters['storage']>

/**
 * wagmi storage kept in a Map, as localStorage keeps it for a page: `memory`
 * shows what was stored, by full key, and `base` is the raw storage under
 * it. `key` prefixes every entry (`wagmi` by default, as wagmi's), and
 * `initial` is what an earlier visit left: a Map is kept as it is, so that
 * two pages (a reload) share it.
 */
export function memoryStorage(
  key?: string,
  initial: Record<string, string> | Map<string, string> = {},
) {
  const memory =
    initial instanceof Map ? initial : new Map(Object.entries(initial))
  const base: BaseStorage = {
    getItem: (name) => memory.get(name) ?? null,
    setItem: (name, value) => void memory.set(name, value),
    removeItem: (name) => void memory.delete(name),
  }
  const storage = createStorage({
    ...(key !== undefined && { key }),
    storage: base,
  })
  return { storage, memory, base }
}
