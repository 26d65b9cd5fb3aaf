import { loadOnce } from '../core/connector.js'
import type { CreateAuthProxyClientParameters } from '../turnkey/createAuthProxyClient.js'
import type { EmailProof } from './createEmailVerification.js'
import { EmailNotVerifiedError } from './emailVerificationErrors.js'
import type { PasskeyWalletParameters } from './passkeyWallet.js'

/**
 * Sign-up's email verification as the runtime holds it: its code (which a
 * log-in never needs) loads when the first code is asked for, and a sign-up
 * with an email reads its proof without loading anything.
 */
export function loadEmailVerification({
  parameters,
  backendTimeoutMs,
  authProxy,
}: {
  parameters: PasskeyWalletParameters
  backendTimeoutMs: number
  authProxy: CreateAuthProxyClientParameters | undefined
}) {
  const verification = loadOnce(() =>
    import('./createEmailVerification.js').then(({ createEmailVerification }) =>
      createEmailVerification({
        parameters,
        backendTimeoutMs,
        authProxyClient:
          authProxy &&
          (() =>
            import('../turnkey/createAuthProxyClient.js').then(
              ({ createAuthProxyClient }) => createAuthProxyClient(authProxy),
            )),
      }),
    ),
  )
  return {
    sendCode: async (email: string) =>
      (await verification.load()).sendCode(email),
    confirmCode: async (code: string) =>
      (await verification.load()).confirmCode(code),
    /** The proof a sign-up with `email` carries; refused before any prompt without one. */
    proofFor(email: string): EmailProof {
      const loaded = verification.value
      if (!loaded)
        throw new EmailNotVerifiedError({ email: email.trim().toLowerCase() })
      return loaded.proofFor(email)
    },
    /** Forgets every code and proof (a finished sign-up, a disconnect). */
    clear() {
      verification.value?.clear()
    },
  }
}
