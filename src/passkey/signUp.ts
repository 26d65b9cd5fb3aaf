import type { Address } from 'viem'
import { isUuid } from '../core/checks.js'
import { loadOnce } from '../core/connector.js'
import { canonicalEmail } from '../core/email.js'
import { HostBackendError, readHostBackendAnswer } from '../core/hostBackend.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { CreateAuthProxyClientParameters } from '../turnkey/createAuthProxyClient.js'
import {
  type CreateAccountRequest,
  createClientSignature,
  signUpRootUser,
  signUpUsage,
} from '../turnkey/hostBackendContract.js'
import type { AccountAccess } from './accountAccess.js'
import type { EmailProof } from './emailVerification.js'
import { EmailNotVerifiedError } from './errors.js'
import { createPasskey, forgetPasskey } from './passkeyCeremonies.js'
import type {
  PasskeyWalletConnectParameters,
  PasskeyWalletParameters,
} from './passkeyParameters.js'

export type SignUpContext = {
  parameters: PasskeyWalletParameters
  rpId: string
  backendTimeoutMs: number
  authProxy: CreateAuthProxyClientParameters | undefined
  /** The proof a sign-up with an email carries (checked before, so the prompt is never wasted), spent once the account is made. */
  emailVerification: Pick<EmailVerificationAccess, 'proofFor' | 'clear'>
  /** The log-in, the session start and the account's lookup. */
  accounts: AccountAccess
}

/**
 * The host backend's sign-up answer, checked: a sub-organization id, or a
 * HostBackendError (through the Auth Proxy when the host has no backend).
 * `onAnswer` is called once the backend answered at all.
 */
async function createAccount(
  request: CreateAccountRequest,
  { parameters, authProxy, backendTimeoutMs }: SignUpContext,
  onAnswer: () => void,
): Promise<{
  organizationId: string
  account?: { address: Address; walletId: string } | undefined
}> {
  const hostCreateAccount = parameters.createAccount
  // Without a backend call of the host's, the connector was checked to have
  // the proxy; its code loads only then (after the passkey prompt: no gesture to keep).
  if (!hostCreateAccount) {
    const [{ signUpWithAuthProxy }, { createAuthProxyClient }] =
      await Promise.all([
        import('./signUpWithAuthProxy.js'),
        import('../turnkey/createAuthProxyClient.js'),
      ])
    return signUpWithAuthProxy(
      createAuthProxyClient(authProxy!),
      request,
      onAnswer,
    )
  }
  const { subOrganizationId } = await readHostBackendAnswer(
    'createAccount',
    async (signal) => {
      const answer = await hostCreateAccount(request, { signal })
      onAnswer()
      return answer
    },
    backendTimeoutMs,
  )
  if (!isUuid(subOrganizationId))
    throw new HostBackendError({
      callback: 'createAccount',
      reason: `its answer has no subOrganizationId UUID (got ${subOrganizationId === undefined ? 'none' : typeof subOrganizationId})`,
    })
  return { organizationId: subOrganizationId }
}

/**
 * A sign-up: the new passkey (one prompt), the account made for it by the
 * host backend or the Auth Proxy, then the session on it. A passkey whose
 * account was refused is signalled unknown to the browser.
 */
export async function signUpWithPasskey(
  {
    userName: givenName,
    email: givenEmail,
  }: NonNullable<PasskeyWalletConnectParameters['signUp']>,
  signal: AbortSignal,
  context: SignUpContext,
) {
  const { parameters, rpId, emailVerification, accounts } = context
  const userName = givenName.trim()
  const proof = givenEmail ? emailVerification.proofFor(givenEmail) : undefined
  const passkey = await createPasskey({
    rpId,
    rpName: parameters.rpName ?? rpId,
    userName,
    signal,
  })
  const request: CreateAccountRequest = { userName, ...passkey }
  if (proof) {
    request.email = proof.email
    request.verificationToken = proof.verificationToken
    request.clientSignature = await createClientSignature({
      key: proof.key,
      tokenId: proof.tokenId,
      usage: signUpUsage({
        ...signUpRootUser(request),
        userEmail: proof.email,
      }),
    })
  }
  let answered = false
  const made = await createAccount(request, context, () => {
    answered = true
  }).catch(async (error: unknown) => {
    // A retry whose first try made the account: the passkey logs in to it.
    if (
      error instanceof HostBackendError &&
      error.backendCode === 'passkey_has_account'
    )
      return undefined
    // The backend answered without an account: the passkey points at none, and the browser
    // may drop it from the user's list. Without an answer (the request failed, or the page
    // is going away) the account may still be made: the passkey is its only way in.
    if (answered) await forgetPasskey(rpId, passkey.attestation.credentialId)
    throw error
  })
  // The proof is spent: a second sign-up needs a new code.
  if (proof) emailVerification.clear()
  if (signal.aborted) throw new SessionNotFoundError({ reason: 'abandoned' })
  const { credentialId } = passkey.attestation
  if (!made) return accounts.logIn(signal, credentialId)
  const { organizationId, account } = made
  await accounts.startSessionKey?.(organizationId, signal, credentialId)
  // The Auth Proxy answers the wallet it made; a host backend answers the organization only.
  return {
    organizationId,
    credentialId,
    ...(account ?? (await accounts.find(organizationId, credentialId))),
  }
}

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
    import('./emailVerification.js').then(({ createEmailVerification }) =>
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
        throw new EmailNotVerifiedError({ email: canonicalEmail(email) })
      return loaded.proofFor(email)
    },
    /** Forgets every code and proof (a finished sign-up, a disconnect). */
    clear() {
      verification.value?.clear()
    },
  }
}

/** Sign-up's email verification, as the runtime holds it. */
type EmailVerificationAccess = ReturnType<typeof loadEmailVerification>
