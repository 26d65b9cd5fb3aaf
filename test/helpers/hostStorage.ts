import type { Page } from '@playwright/test'
import { wordlist } from '@scure/bip39/wordlists/english.js'

export type StoredEntry = { place: string; key: string; value: string }

/**
 * Everything the host origin keeps in localStorage, sessionStorage and
 * IndexedDB, as text: CryptoKeys as their type and extractability, bytes as hex.
 */
export function readHostStorage(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(async () => {
    const entries: StoredEntry[] = []
    const toHex = (bytes: Uint8Array) =>
      [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
    const asText = (value: unknown) =>
      JSON.stringify(value, (_, inner) => {
        if (inner instanceof CryptoKey)
          return {
            cryptoKey: inner.type,
            extractable: inner.extractable,
            algorithm: inner.algorithm.name,
          }
        if (inner instanceof ArrayBuffer) return toHex(new Uint8Array(inner))
        if (ArrayBuffer.isView(inner))
          return toHex(
            new Uint8Array(inner.buffer, inner.byteOffset, inner.byteLength),
          )
        return inner
      })
    for (const [place, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const)
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index) as string
        entries.push({ place, key, value: storage.getItem(key) ?? '' })
      }
    const settled = <value>(request: IDBRequest<value>) =>
      new Promise<value>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    for (const { name = '' } of await indexedDB.databases()) {
      const database = await settled(indexedDB.open(name))
      for (const store of database.objectStoreNames) {
        const objects = database.transaction(store).objectStore(store)
        const keys = await settled(objects.getAllKeys())
        const values = await settled(objects.getAll())
        for (const [index, key] of keys.entries())
          entries.push({
            place: `IndexedDB ${name}/${store}`,
            key: String(key),
            value: asText(values[index]),
          })
      }
      database.close()
    }
    return entries
  })
}

const bip39Words = new Set(wordlist)
const hexSecret = /(?<![0-9a-f])(?:0x)?[0-9a-f]{64}(?![0-9a-f])/i
// A whole token: a run inside a longer base64 one (WalletConnect's encrypted
// messages) is base64 that happens to miss 0, O, I, l, + and / for a while.
const base58Bundle =
  /(?<![A-Za-z0-9+/=])[1-9A-HJ-NP-Za-km-z]{100,}(?![A-Za-z0-9+/=])/
const jwkPrivatePart = /"d"\s*:\s*"[\w-]{20,}"/

/** Twelve or more BIP-39 words in a row: a seed phrase. */
function hasSeedPhrase(text: string) {
  let run = 0
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    run = bip39Words.has(word) ? run + 1 : 0
    if (run >= 12) return true
  }
  return false
}

/**
 * What in the host's storage looks like a secret: a private key (32 bytes in
 * hex, a JWK's `d`, an extractable private CryptoKey), a seed phrase, a
 * credential bundle, or any of `known` (e.g. the emailed code, an exported key).
 * WalletConnect's own records (`wc@2:…`) are full of 32-byte topics and hold
 * its relay-encryption keys, which sign nothing: the hex rule skips them, the others do not.
 */
export function secretsIn(
  entries: StoredEntry[],
  {
    known = [],
    publicValues = [],
  }: {
    known?: string[] | undefined
    /** Values that look like keys but are public, such as a WalletConnect session topic. */
    publicValues?: string[] | undefined
  } = {},
) {
  const found: string[] = []
  for (const { place, key, value } of entries) {
    const where = `${place} ${key}`
    let text = `${key} ${value}`
    for (const shown of publicValues) text = text.replaceAll(shown, '')
    for (const secret of known)
      if (text.includes(secret) || text.includes(secret.replace(/^0x/, '')))
        found.push(`${where}: a known secret`)
    if (!key.startsWith('wc@2:') && hexSecret.test(text))
      found.push(`${where}: 32 bytes of hex`)
    if (jwkPrivatePart.test(text)) found.push(`${where}: a JWK private part`)
    if (/"cryptoKey":"private","extractable":true/.test(text))
      found.push(`${where}: an extractable private CryptoKey`)
    if (hasSeedPhrase(text)) found.push(`${where}: a seed phrase`)
    // Long hex (signatures, calldata) is not base58check.
    const withoutHex = text.replace(/(0x)?[0-9a-f]{100,}/gi, ' ')
    if (base58Bundle.test(withoutHex))
      found.push(`${where}: a credential bundle`)
  }
  return found
}
