import { createStorage } from '@wagmi/core'

/** wagmi storage under `key` kept in a Map: `memory` shows what was stored, by full key. */
export function memoryStorage(key: string) {
  const memory = new Map<string, string>()
  const storage = createStorage({
    key,
    storage: {
      getItem: (name) => memory.get(name) ?? null,
      setItem: (name, value) => void memory.set(name, value),
      removeItem: (name) => void memory.delete(name),
    },
  })
  return { storage, memory }
}
