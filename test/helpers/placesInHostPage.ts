import type { Page } from '@playwright/test'

/** Where in the host page's DOM and storage `secret` shows up (nowhere, we hope). */
export function placesInHostPage(page: Page, secret: string) {
  return page.evaluate(async (secret) => {
    const places: string[] = []
    if (document.documentElement.outerHTML.includes(secret)) places.push('DOM')
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const)
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!
        if (`${key}${storage.getItem(key)}`.includes(secret)) places.push(name)
      }
    const request = <value>(r: IDBRequest<value>) =>
      new Promise<value>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
    for (const { name = '' } of await indexedDB.databases()) {
      if (name.includes(secret)) places.push(`IndexedDB name ${name}`)
      const db = await request(indexedDB.open(name))
      for (const store of db.objectStoreNames) {
        const objects = db.transaction(store).objectStore(store)
        const content = JSON.stringify([
          await request(objects.getAllKeys()),
          await request(objects.getAll()),
        ])
        if (content.includes(secret)) places.push(`IndexedDB ${name}/${store}`)
      }
      db.close()
    }
    return places
  }, secret)
}
