import { withTimeout } from '../core/deadlines.js'
import { read, run } from './keyDatabase.js'

/** A stuck IndexedDB must not hold the person's tap: the sign-in then cannot go by redirect. */
const keepTimeoutMs = 2000

/**
 * A sign-in with a provider that left the page by redirect: the key its
 * nonce names and what its answer must match, kept until the page it comes
 * back to finishes it (once), or until it expires.
 */
export type PendingSignIn = {
  /** The key the provider's ID token will log in (non-extractable). */
  privateKey: CryptoKey
  publicKey: string
  /** The provider's id in `socialLogin()`. */
  provider: string
  state: string
  nonce: string
  /** The PKCE verifier of a code flow. */
  verifier: string | undefined
  tokenEndpoint: string | undefined
  redirectUri: string
  /** The user's name if the sign-in makes an account. */
  userName: string
  /** Unix milliseconds. */
  expiresAt: number
}

const signInEntry = (at: string, state: string) => [at, 'sign-in', state]
const isSignInEntry = (
  at: string,
  entry: IDBValidKey,
): entry is IDBValidKey[] =>
  Array.isArray(entry) && entry[0] === at && entry[1] === 'sign-in'

/**
 * The sign-ins that left the page by redirect, by connector key, in the
 * wallet's key database. Nothing here throws.
 */
export const signInStore = {
  /** Keeps a sign-in that leaves the page by redirect; false when it could not be kept. */
  keep: (at: string, pending: PendingSignIn) =>
    withTimeout(
      run('readwrite', (objects) => {
        objects.put(pending, signInEntry(at, pending.state))
        return () => true
      }),
      keepTimeoutMs,
      () => new Error('IndexedDB did not answer'),
    ).catch(() => false),
  /**
   * The sign-in of `state`, removed as it is read (an answer is used once),
   * while it has not expired; expired ones are removed on the way.
   */
  async take(at: string, state: string, nowMs = Date.now()) {
    return read('readwrite', (objects) => {
      let found: PendingSignIn | undefined
      const cursor = objects.openCursor()
      cursor.onsuccess = () => {
        const entry = cursor.result
        if (!entry) return
        if (isSignInEntry(at, entry.key)) {
          const pending = entry.value as Partial<PendingSignIn>
          if (
            entry.key[2] === state &&
            pending?.privateKey instanceof CryptoKey &&
            typeof pending.expiresAt === 'number' &&
            pending.expiresAt > nowMs
          )
            found = pending as PendingSignIn
          if (entry.key[2] === state || !(Number(pending?.expiresAt) > nowMs))
            entry.delete()
        }
        entry.continue()
      }
      return () => found
    })
  },
}
