import { loadOnce } from '../core/loadOnce.js'
import { AuthProxyError } from '../turnkey/AuthProxyError.js'
import type { AuthProxyClient } from '../turnkey/createAuthProxyClient.js'
import {
  readOtpRefusal,
  startProxyOtp,
} from '../turnkey/createAuthProxyClient.js'
import { readSessionClaims } from '../turnkey/createVendorClient.js'
import {
  createClientSignature,
  readVerificationTokenClaims,
} from '../turnkey/hostBackendContract.js'
import {
  createSessionStamper,
  generateStampingKey,
  type StampingKey,
} from '../turnkey/stampers.js'
import type { CodeSender } from './CodeSender.js'
import {
  InvalidRecoveryCodeError,
  RecoveryAccountNotFoundError,
} from './errors.js'
import { normalizeOtpCode } from './normalizeOtpCode.js'
import { readWalletKitConfig } from './readWalletKitConfig.js'

/** The key an OTP login registers on the user (the vendor's one-time login credential). */
const loginCredentialTypes = ['CREDENTIAL_TYPE_LOGIN'] as const

/** The proxy refusing a code, as the one sentence the user reads, with what it allows next. */
function toCodeError(error: unknown): never {
  const refusal = readOtpRefusal(error)
  if (refusal) throw new InvalidRecoveryCodeError({ ...refusal, cause: error })
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
            throw new AuthProxyError({
              code: 'auth_proxy_failed',
              endpoint: 'otp_verify',
              status: 200,
              reason: 'the answer has no readable verificationToken',
            })
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
            throw new AuthProxyError({
              code: 'auth_proxy_failed',
              endpoint: 'otp_login',
              status: 200,
              reason: `the session is for organization ${opened.organizationId}, not the account ${organizationId} the code was for`,
            })
          if (destroyed)
            throw new InvalidRecoveryCodeError({
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
                    new InvalidRecoveryCodeError({
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
