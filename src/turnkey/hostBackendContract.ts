import { p256 } from '@noble/curves/p256'
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex } from 'viem'
import { fromBase64Url } from '../core/base64url.js'
import { hexKeyToBytes } from './encoding.js'
import type { StampingKey } from './stampers.js'

// What passkeyWallet and the host backend (`wagmi-connector-pack/server`) say
// to each other, declared once for both sides: the sign-up, the email's code
// and the vendor's proof of it (a verification token, used with a client
// signature), and recovery start.

// Sign-up: the account the backend creates.

/** A new passkey in the vendor's registration shape (base64url fields, the vendor's transport names). */
export type VendorAttestation = {
  credentialId: string
  clientDataJson: string
  attestationObject: string
  transports: string[]
}

/**
 * What passkeyWallet's `createAccount(request)` sends to the host backend's
 * sign-up route, and what that route parses: one declaration for both.
 */
export type CreateAccountRequest = {
  userName: string
  /**
   * The recovery address, only once its owner entered the code sent to it:
   * then `verificationToken` and `clientSignature` come with it.
   */
  email?: string | undefined
  /** base64url challenge the passkey was created with. */
  challenge: string
  attestation: VendorAttestation
  /** The vendor's proof that the owner of `email` entered the code (`verify_otp`). */
  verificationToken?: string | undefined
  /** The verified key's signature over this sign-up (`USAGE_TYPE_SIGNUP`). */
  clientSignature?: ClientSignature | undefined
}

/** What the sign-up route answers with status 200. */
export type CreateAccountAnswer = { subOrganizationId: string }

/** The one Ethereum account every sign-up makes, and the one passkeyWallet connects to. */
const ethereumAccount = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const

/** The wallet of a new sub-organization. */
export const signUpWallet = {
  walletName: 'Default wallet',
  accounts: [ethereumAccount],
} as const

/** The name of a new sub-organization (names need not be unique). */
export const subOrganizationName = (userName: string) =>
  `passkeyWallet: ${userName}`

/**
 * The sub-organization's one root user: the passkey as its only
 * authenticator, no API keys, no OAuth providers, and the email when given.
 */
export function signUpRootUser({
  userName,
  email,
  challenge,
  attestation,
}: Pick<
  CreateAccountRequest,
  'userName' | 'email' | 'challenge' | 'attestation'
>) {
  return {
    userName,
    ...(email ? { userEmail: email } : {}),
    apiKeys: [] as [],
    authenticators: [{ authenticatorName: 'Passkey', challenge, attestation }],
    oauthProviders: [] as [],
  }
}

/** What the verified key signs for a sign-up: the root user's credentials and its email. */
export function signUpUsage(
  rootUser: ReturnType<typeof signUpRootUser> & { userEmail: string },
): TokenUsage {
  return {
    signupV2: {
      apiKeys: rootUser.apiKeys,
      authenticators: rootUser.authenticators,
      oauthProviders: rootUser.oauthProviders,
      email: rootUser.userEmail,
    },
  }
}

// The proof of an email: a verification token, and the client signature of
// the key it was issued for.

/** A `clientSignature` of the vendor's public API (`v1ClientSignature`). */
export type ClientSignature = {
  publicKey: string
  scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256'
  message: string
  /** Raw r‖s, 128 hex characters. */
  signature: string
}

/** What a verification token is used for (`v1TokenUsage`, without its id and type). */
export type TokenUsage =
  | { login: { publicKey: string } }
  | {
      signupV2: {
        apiKeys: unknown[]
        authenticators: unknown[]
        oauthProviders: unknown[]
        email: string
      }
    }

/**
 * Proves that the key a verification token was issued for asks for this use
 * of it: the key signs the usage and the token's id (`v1TokenUsage`, as the
 * vendor's SDKs build it), so a stolen token cannot log another key in or
 * sign another passkey up.
 */
export async function createClientSignature({
  key,
  tokenId,
  usage,
}: {
  key: StampingKey
  tokenId: string
  usage: TokenUsage
}): Promise<ClientSignature> {
  const message = JSON.stringify({
    ...usage,
    tokenId,
    type: 'login' in usage ? 'USAGE_TYPE_LOGIN' : 'USAGE_TYPE_SIGNUP',
  })
  const signature = new Uint8Array(
    await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      key.privateKey,
      new TextEncoder().encode(message),
    ),
  )
  return {
    publicKey: key.publicKey,
    scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
    message,
    signature: bytesToHex(signature).slice(2),
  }
}

/** What a verification token (from `verify_otp` / the Auth Proxy's `otp_verify`) says. */
export type VerificationTokenClaims = {
  id: string
  verification_type: string
  /** The email address (or phone number) whose code was entered. */
  contact: string
  /** The organization the code was sent for: the parent organization. */
  organization_id: string
  /** The client key the token is bound to (compressed P-256, hex). */
  public_key: string
  /** Expiry, milliseconds since the epoch, as a string. */
  exp: string
}

const claimNames = [
  'id',
  'verification_type',
  'contact',
  'organization_id',
  'public_key',
  'exp',
] as const

/**
 * The vendor's key that signs verification tokens in production (its TLS
 * fetcher signing key, as `@turnkey/crypto` names it), uncompressed hex.
 */
export const productionVerificationTokenPublicKey =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201'

function decodeJson(part: string | undefined): Record<string, unknown> {
  const value: unknown = JSON.parse(
    new TextDecoder().decode(fromBase64Url(part ?? '')),
  )
  if (typeof value !== 'object' || value === null) throw new Error()
  return value as Record<string, unknown>
}

/**
 * The claims of a verification token, read without checking its signature:
 * for the page, which only needs the id its client signature names.
 * Undefined when it is not a token.
 */
export function readVerificationTokenClaims(
  token: string,
): VerificationTokenClaims | undefined {
  try {
    const claims = decodeJson(token.split('.')[1])
    return claimNames.every(
      (name) => typeof claims[name] === 'string' && claims[name] !== '',
    )
      ? (claims as VerificationTokenClaims)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The claims of a verification token signed (ES256) by `signerPublicKey` and
 * not expired at `nowMs`; undefined for anything else. A server checks a
 * token a browser sent before it acts on the contact the token names.
 */
export function verifyVerificationToken(
  token: unknown,
  signerPublicKey: string,
  nowMs: number,
): VerificationTokenClaims | undefined {
  if (typeof token !== 'string') return undefined
  const [header, payload, signature, ...rest] = token.split('.')
  if (!header || !payload || !signature || rest.length > 0) return undefined
  try {
    const { alg, typ } = decodeJson(header)
    if (alg !== 'ES256' || typ !== 'JWT') return undefined
    const signed = p256.verify(
      fromBase64Url(signature),
      sha256(new TextEncoder().encode(`${header}.${payload}`)),
      hexKeyToBytes(signerPublicKey)!,
    )
    if (!signed) return undefined
  } catch {
    return undefined
  }
  const claims = readVerificationTokenClaims(token)
  return claims && Number(claims.exp) > nowMs ? claims : undefined
}

// The email-code routes, as passkeyWallet calls them and the backend answers them.

/** `emailCode.send`: email a one-time code to this address. */
export type SendEmailCodeRequest = { email: string }

/** The code's flow at the vendor, and the key its code is encrypted to. */
export type SendEmailCodeAnswer = {
  otpId: string
  otpEncryptionTargetBundle: string
}

/** `emailCode.verify`: the code the user entered, for the key the proof is bound to. */
export type VerifyEmailCodeRequest = SendEmailCodeAnswer & {
  otpCode: string
  /** The page's key for this sign-up (compressed P-256, hex): it signs the sign-up. */
  publicKey: string
}

/** The vendor's proof that the code was right (`verify_otp`). */
export type VerifyEmailCodeAnswer = { verificationToken: string }

// The recovery-start route, as passkeyWallet's `recovery.start` calls it and
// the backend answers it.

/**
 * `email`: email authentication (`email_auth`); the code's key signs a
 * recovery session that adds a passkey. `passkey`: the vendor's user recovery
 * (`init_user_email_recovery`); the code's key may add one passkey.
 */
export type RecoveryType = 'email' | 'passkey'

/** Whose account, which recovery, and the page's one-time key the emailed code is encrypted to. */
export type RecoveryStartRequest = {
  email: string
  type: RecoveryType
  /** Uncompressed P-256 public key, hex (130 characters, `04…`). */
  targetPublicKey: string
}

/**
 * What recovery start answers, whoever asks and whether or not the email has
 * an account: the same bytes every time. The page learns whose account the
 * code opens only from the code's own key (`whoami`), after the code.
 */
export type RecoveryStartAnswer = { accepted: true }

/** The one answer recovery start gives. */
export const recoveryStartAccepted: RecoveryStartAnswer = Object.freeze({
  accepted: true,
})
