import { useSyncExternalStore } from 'react'

/*
 * Which provider the passkey wallet was connected with in this page, if any:
 * an account a provider made has no passkey until the person adds one.
 */

/** The providers of the playground's `socialLogin()` (src/config.ts), by id. */
export const providerNames: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
}

let signedInWith: string | undefined
const listeners = new Set<() => void>()

export function rememberProviderSignIn(provider: string | undefined) {
  signedInWith = provider
  for (const listener of listeners) listener()
}

export function useProviderSignIn() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => signedInWith,
  )
}
