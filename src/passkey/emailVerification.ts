import { canonicalEmail, checkedEmail } from '../core/email.js'
import { InvalidEmailCodeError } from '../core/emailCode.js'
import { HostBackendError, readHostBackendAnswer } from '../core/hostBackend.js'
import { createSupersession } from '../core/lifecycle.js'
import type { AuthProxyClient } from '../turnkey/createAuthProxyClient.js'
import {
  readOtpRefusal,
  startProxyOtp,
} from '../turnkey/createAuthProxyClient.js'
import type {
  SendEmailCodeAnswer,
  VerifyEmailCodeRequest,
} from '../turnkey/hostBackendContract.js'
import type { StampingKey } from '../turnkey/stampers.js'
import { generateStampingKey } from '../turnkey/stampers.js'
import { readVerificationTokenClaims } from '../turnkey/verificationToken.js'
import {
  EmailNotVerifiedError,
  EmailTakenError,
  InvalidPasskeyWalletParameterError,
} from './errors.js'
import {
  emailCodeCalls,
  type PasskeyWalletParameters,
} from './passkeyParameters.js'

/** The proof a sign-up carries for its email: the vendor's token (sealed by a host backend) and the key it is bound to. */
export type EmailProof = {
  email: string
  verificationToken: string
  tokenId: string
  /** Non-extractable, in memory only: it signs the one sign-up that follows. */
  key: StampingKey
}

/** Where codes go and are checked: the host backend's two routes, or the Auth Proxy. */
type CodeChannel = {
  send(email: string): Promise<SendEmailCodeAnswer | { otpId: string }>
  /** The proof, or InvalidEmailCodeError; a token not bound to `publicKey` is no proof. */
  verify(
    request:
      | VerifyEmailCodeRequest
      | Omit<VerifyEmailCodeRequest, 'otpEncryptionTargetBundle'>,
  ): Promise<{ verificationToken: string; tokenId: string }>
  /** Whether a verified email already has an account, when the channel must ask apart. */
  hasAccount?(email: string, verificationToken: string): Promise<boolean>
}

const expiredOrUsed = (reason: string, cause?: unknown) =>
  new InvalidEmailCodeError({
    purpose: 'sign-up',
    reason,
    newCodeNeeded: true,
    cause,
  })

/** The backend's routes, through the host's callbacks (their answers checked, failures typed). */
function backendChannel(
  emailCode: NonNullable<PasskeyWalletParameters['emailCode']>,
  emailOf: () => string,
  timeoutMs: number | undefined,
): CodeChannel {
  const typed = (error: unknown): never => {
    if (error instanceof HostBackendError) {
      if (error.backendCode === 'email_taken')
        throw new EmailTakenError({ email: emailOf(), cause: error })
      if (error.backendCode === 'invalid_email_code')
        throw new InvalidEmailCodeError({
          purpose: 'sign-up',
          reason: error.details,
          newCodeNeeded: false,
          cause: error,
        })
      if (error.backendCode === 'email_code_expired')
        throw expiredOrUsed(error.details, error)
    }
    throw error
  }
  return {
    async send(email) {
      const { otpId, otpEncryptionTargetBundle } = await readHostBackendAnswer(
        'emailCode.send',
        (signal) => emailCode.send({ email }, { signal }),
        timeoutMs,
      )
      if (
        typeof otpId !== 'string' ||
        typeof otpEncryptionTargetBundle !== 'string'
      )
        throw new HostBackendError({
          callback: 'emailCode.send',
          reason:
            'its answer has no otpId and otpEncryptionTargetBundle strings',
        })
      return { otpId, otpEncryptionTargetBundle }
    },
    async verify(request) {
      const { verificationToken, verificationTokenId } =
        await readHostBackendAnswer(
          'emailCode.verify',
          (signal) =>
            emailCode.verify(request as VerifyEmailCodeRequest, { signal }),
          timeoutMs,
        ).catch(typed)
      // Sealed by the backend: the page cannot read it, only carry it to sign-up.
      if (
        typeof verificationToken !== 'string' ||
        typeof verificationTokenId !== 'string' ||
        verificationTokenId === ''
      )
        throw new HostBackendError({
          callback: 'emailCode.verify',
          reason:
            'its answer has no verificationToken and verificationTokenId strings',
        })
      return { verificationToken, tokenId: verificationTokenId }
    },
  }
}

/** The vendor's Auth Proxy: `otp_init`, `otp_verify`, and `account` to find an existing account. */
function proxyChannel(client: AuthProxyClient): CodeChannel {
  return {
    send: async (email) => ({ otpId: await startProxyOtp(client, email) }),
    async verify({ otpId, otpCode, publicKey }) {
      const { verificationToken } = await client
        .post<{ verificationToken?: unknown }>('otp_verify', {
          otpId,
          otpCode,
          publicKey,
        })
        .catch((error) => {
          const refusal = readOtpRefusal(error)
          if (refusal)
            throw new InvalidEmailCodeError({
              purpose: 'sign-up',
              ...refusal,
              cause: error,
            })
          throw error
        })
      const claims =
        typeof verificationToken === 'string'
          ? readVerificationTokenClaims(verificationToken)
          : undefined
      if (!claims || claims.public_key !== publicKey)
        throw expiredOrUsed(
          'the answer carries no verification token for this page’s key',
        )
      return {
        verificationToken: verificationToken as string,
        tokenId: claims.id,
      }
    },
    async hasAccount(email, verificationToken) {
      const { organizationId } = await client.post<{
        organizationId?: unknown
      }>('account', {
        filterType: 'EMAIL',
        filterValue: email,
        verificationToken,
      })
      return typeof organizationId === 'string' && organizationId !== ''
    },
  }
}

/**
 * Sign-up's email check: a one-time code sent to the address, entered on
 * this page, and the vendor's proof of it, bound to a key made here for this
 * one sign-up. An address becomes an account's recovery address only with
 * that proof, so nobody can attach another person's email to their wallet.
 */
export function createEmailVerification({
  parameters,
  backendTimeoutMs,
  authProxyClient,
}: {
  parameters: PasskeyWalletParameters
  /** How long each `emailCode` call may take; readHostBackendAnswer's default otherwise. */
  backendTimeoutMs?: number | undefined
  /** The Auth Proxy's client, loaded on demand; used when the host gave no `emailCode`. */
  authProxyClient: (() => Promise<AuthProxyClient>) | undefined
}) {
  let sent:
    | ({ email: string } & {
        otpId: string
        otpEncryptionTargetBundle?: string
      })
    | undefined
  let proof: EmailProof | undefined
  // Superseded by every new code and by clear(): a check that ends afterwards proves nothing.
  const rounds = createSupersession()

  async function channel(): Promise<CodeChannel> {
    if (parameters.emailCode)
      return backendChannel(
        parameters.emailCode,
        () => sent?.email ?? '',
        backendTimeoutMs,
      )
    if (authProxyClient) return proxyChannel(await authProxyClient())
    throw new InvalidPasskeyWalletParameterError('emailCode', emailCodeCalls)
  }

  return {
    /**
     * Emails a code to `email` (canonicalEmail; LookalikeEmailError before
     * anything is sent); an earlier code or proof is dropped.
     */
    async sendCode(email: string) {
      const normalized = checkedEmail(email)
      const signal = rounds.supersede()
      sent = undefined
      proof = undefined
      const answer = await (await channel()).send(normalized)
      if (!signal.aborted) sent = { email: normalized, ...answer }
      return { email: normalized }
    },
    /** Checks the code the user typed; on success a sign-up with the same email may go ahead. */
    async confirmCode(code: string) {
      const pending = sent
      if (!pending)
        throw expiredOrUsed('no code was sent on this page: send one first')
      const signal = rounds.current()
      const key = await generateStampingKey()
      const using = await channel()
      const { email: _sentTo, ...flow } = pending
      const { verificationToken, tokenId } = await using.verify({
        ...flow,
        otpCode: code.replace(/[\s-]/g, '').toUpperCase(),
        publicKey: key.publicKey,
      })
      if (await using.hasAccount?.(pending.email, verificationToken))
        throw new EmailTakenError({ email: pending.email })
      if (signal.aborted)
        throw expiredOrUsed(
          'a new code was asked for while this one was checked',
        )
      sent = undefined
      proof = {
        email: pending.email,
        verificationToken,
        tokenId,
        key,
      }
      return { email: pending.email }
    },
    /** The proof for a sign-up with `email`, or EmailNotVerifiedError before any prompt. */
    proofFor(email: string): EmailProof {
      const normalized = canonicalEmail(email)
      if (proof?.email !== normalized)
        throw new EmailNotVerifiedError({ email: normalized })
      return proof
    },
    /** Forgets every code and proof (a finished sign-up, a disconnect). */
    clear() {
      rounds.supersede()
      sent = undefined
      proof = undefined
    },
  }
}
