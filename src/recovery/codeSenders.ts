import { loadOnce } from '../core/connector.js'
import { InvalidEmailCodeError } from '../core/emailCode.js'
import { HostBackendError, readHostBackendAnswer } from '../core/hostBackend.js'
import { unexpectedProxyAnswer } from '../turnkey/AuthProxyError.js'
import type { AuthProxyClient } from '../turnkey/createAuthProxyClient.js'
import {
  readOtpRefusal,
  startProxyOtp,
} from '../turnkey/createAuthProxyClient.js'
import { readSessionClaims } from '../turnkey/createVendorClient.js'
import type {
  RecoveryStartAnswer,
  RecoveryStartRequest,
  RecoveryType,
} from '../turnkey/hostBackendContract.js'
import { createClientSignature } from '../turnkey/hostBackendContract.js'
import {
  createSessionStamper,
  generateStampingKey,
  type StampingKey,
} from '../turnkey/stampers.js'
import { readVerificationTokenClaims } from '../turnkey/verificationToken.js'
import type { CodeFrame, CodeKey } from './codeFrame.js'
import { RecoveryAccountNotFoundError } from './errors.js'
import {
  normalizeOtpCode,
  type RecoveryCodeFormat,
  recoveryCodeValiditySeconds,
} from './recoveryCode.js'

/** An emailed code, known to this page only until it is opened or dropped. */
export type PendingCode = {
  /** How long the code works after it was sent, when the sender knows it. */
  validitySeconds: number | undefined
  /** The codes' shape, when the sender knows it. */
  format: RecoveryCodeFormat | undefined
  /** The vendor credential types the opened key may have; the flow checks it. */
  credentialTypes?: readonly string[] | undefined
  /** The pasted code → the key that signs the recovery (never handed to the page as bytes). */
  open(code: string): Promise<CodeKey>
  /** Forgets the code and any key made for it. */
  destroy(): void
}

/** Where a recovery's code comes from: the host backend, or the vendor's Auth Proxy. */
export type CodeSender = {
  /** The recovery types it can send codes for. */
  types: readonly RecoveryType[]
  send(request: { email: string; type: RecoveryType }): Promise<PendingCode>
}

/**
 * Codes through the host backend: the backend asks the vendor (with the
 * parent API key) to email a code encrypted to an isolated frame's key; the
 * frame decrypts it and stamps with it.
 */
export function createBackendCodeSender({
  start,
  openCodeFrame,
  timeoutMs,
}: {
  start(
    request: RecoveryStartRequest,
    options: { signal: AbortSignal },
  ): Promise<RecoveryStartAnswer | Response>
  openCodeFrame(): Promise<CodeFrame>
  /** How long `start` may take; readHostBackendAnswer's default otherwise. */
  timeoutMs?: number | undefined
}): CodeSender {
  return {
    types: ['email', 'passkey'],
    async send({ email, type }) {
      const frame = await openCodeFrame()
      const answer = await readHostBackendAnswer(
        'recovery.start',
        (signal) =>
          start({ email, type, targetPublicKey: frame.publicKey }, { signal }),
        timeoutMs,
      ).catch((error: unknown) => {
        frame.destroy()
        throw error
      })
      if (answer.accepted !== true) {
        frame.destroy()
        throw new HostBackendError({
          callback: 'recovery.start',
          reason: 'its answer must be `{ accepted: true }`',
        })
      }
      return {
        validitySeconds: recoveryCodeValiditySeconds,
        format: undefined,
        open: frame.open,
        destroy: frame.destroy,
      }
    },
  }
}

/**
 * The code format of the proxy's `wallet_kit_config` answer (`otpLength` is a
 * string, as in the vendor's schema), or an AuthProxyError: a code field of
 * the wrong shape would spend the user's tries.
 */
export function readWalletKitConfig(answer: unknown): RecoveryCodeFormat {
  const { otpLength, otpAlphanumeric } = (answer ?? {}) as {
    otpLength?: unknown
    otpAlphanumeric?: unknown
  }
  const length = Number(otpLength)
  if (
    !(typeof otpLength === 'string' || typeof otpLength === 'number') ||
    !Number.isInteger(length) ||
    length < 4 ||
    length > 12
  )
    throw unexpectedProxyAnswer(
      'wallet_kit_config',
      `otpLength must be a whole number of characters, got ${JSON.stringify(otpLength)}`,
    )
  if (otpAlphanumeric !== undefined && typeof otpAlphanumeric !== 'boolean')
    throw unexpectedProxyAnswer(
      'wallet_kit_config',
      `otpAlphanumeric must be a boolean, got ${JSON.stringify(otpAlphanumeric)}`,
    )
  return { length, alphanumeric: otpAlphanumeric === true }
}

/** The key an OTP login registers on the user (the vendor's one-time login credential). */
const loginCredentialTypes = ['CREDENTIAL_TYPE_LOGIN'] as const

/** The proxy refusing a code, as the one sentence the user reads, with what it allows next. */
function toCodeError(error: unknown): never {
  const refusal = readOtpRefusal(error)
  if (refusal)
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      ...refusal,
      cause: error,
    })
  throw error
}

/**
 * Codes through the vendor's Auth Proxy, with no host backend:
 * `wallet_kit_config` (the code's shape) → `otp_init` (the email) → the code
 * → `otp_verify` → `account` → `otp_login` for a P-256 key made for this one
 * login (non-extractable, in memory only, never stored). The session it
 * opens is the recovery's key: it adds the new passkey, then it is dropped.
 */
export function createAuthProxyCodeSender({
  client,
}: {
  client: AuthProxyClient
}): CodeSender {
  // A failed read is tried again next time.
  const { load: readFormat } = loadOnce(() =>
    client
      .post('wallet_kit_config', {})
      .then((answer) => readWalletKitConfig(answer)),
  )

  return {
    types: ['email'],
    async send({ email }) {
      const format = await readFormat()
      const otpId = await startProxyOtp(client, email)
      // The login's key, once the code opened a session; gone with destroy().
      let key: StampingKey | undefined
      let destroyed = false
      return {
        // The proxy's code expiry is its config's, which it does not publish.
        validitySeconds: undefined,
        format,
        credentialTypes: loginCredentialTypes,
        async open(pasted) {
          const otpCode = normalizeOtpCode(pasted, format)
          const pair = await generateStampingKey()
          const { verificationToken } = await client
            .post<{ verificationToken?: unknown }>('otp_verify', {
              otpId,
              otpCode,
              publicKey: pair.publicKey,
            })
            .catch(toCodeError)
          const tokenId =
            typeof verificationToken === 'string'
              ? readVerificationTokenClaims(verificationToken)?.id
              : undefined
          if (tokenId === undefined)
            throw unexpectedProxyAnswer(
              'otp_verify',
              'the answer has no readable verificationToken',
            )
          const { organizationId } = await client.post<{
            organizationId?: unknown
          }>('account', {
            filterType: 'EMAIL',
            filterValue: email,
            verificationToken,
          })
          if (typeof organizationId !== 'string' || organizationId === '')
            throw new RecoveryAccountNotFoundError({ email })
          const { session } = await client.post<{ session?: unknown }>(
            'otp_login',
            {
              verificationToken,
              publicKey: pair.publicKey,
              organizationId,
              clientSignature: await createClientSignature({
                key: pair,
                tokenId,
                usage: { login: { publicKey: pair.publicKey } },
              }),
            },
          )
          // A session we cannot read is no session, nor one for another account.
          const opened = readSessionClaims(
            typeof session === 'string' ? session : '',
          )
          if (opened.organizationId !== organizationId)
            throw unexpectedProxyAnswer(
              'otp_login',
              `the session is for organization ${opened.organizationId}, not the account ${organizationId} the code was for`,
            )
          if (destroyed)
            throw new InvalidEmailCodeError({
              purpose: 'recovery',
              reason: 'the recovery was reset while the code was checked',
            })
          key = pair
          return {
            publicKey: pair.publicKey,
            stamper: {
              kind: 'session',
              stamp(body) {
                if (!key)
                  return Promise.reject(
                    new InvalidEmailCodeError({
                      purpose: 'recovery',
                      reason: 'the recovery ended; its key is gone',
                    }),
                  )
                return createSessionStamper(key).stamp(body)
              },
            },
          }
        },
        destroy() {
          destroyed = true
          key = undefined
        },
      }
    },
  }
}
