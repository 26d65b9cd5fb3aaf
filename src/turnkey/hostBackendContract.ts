import { bytesToHex, sha256, stringToBytes } from 'viem'
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
  /**
   * The proof that the owner of `email` entered the code: to the host
   * backend, verify-email-code's answer (the vendor's token sealed to the
   * backend); to the Auth Proxy, the vendor's token (`otp_verify`).
   */
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

// The proof of an email: the client signature of the key a verification token
// was issued for (the token itself is read in verificationToken.ts).

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

/**
 * The vendor's proof that the code was right (`verify_otp`), sealed: only the
 * backend that sealed it opens it, at sign-up. The vendor's token is a bearer
 * proof wherever no client signature is asked (`update_user_email`), so it
 * never reaches the page. Its id is what the page's key signs.
 */
export type VerifyEmailCodeAnswer = {
  verificationToken: string
  verificationTokenId: string
}

// The recovery-start route, as passkeyWallet's `recovery.start` calls it and
// the backend answers it.

/**
 * `email`: email authentication (`email_auth`); the code's key signs a
 * recovery session that adds a passkey. `passkey`: the vendor's user recovery
 * (`init_user_email_recovery`); the code's key may add one passkey.
 */
export type RecoveryType = 'email' | 'passkey'

/**
 * How long an email recovery's key signs, as the host backend asks the vendor
 * for it: the page's recovery session lasts this long by default, and never
 * longer.
 */
export const recoverySessionSeconds = 1800

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

// The OIDC log-in route (social login), as passkeyWallet's `oidc.logIn` calls
// it and the backend answers it.

/** A provider's ID token for the page's session key, and what to do when no account has it. */
export type OidcLogInRequest = {
  /** The provider's ID token; its `nonce` is the SHA-256 of `publicKey` (lower-case hex of the key's hex). */
  oidcToken: string
  /** The session key's public key: compressed P-256, 66 hex characters. */
  publicKey: string
  /** How long the session key may sign, in whole seconds (its session profile bounds it too). */
  expirationSeconds: number
  /** End the user's earlier session keys at the vendor. */
  invalidateExisting: boolean
  /**
   * When no account has this provider account, make one for it: the new
   * user's name, and the provider's name as the account lists it. Without
   * it, such a token is refused (`no_account`).
   */
  signUp?: { userName: string; providerName: string } | undefined
  /**
   * `'add-passkey'`: the key is a one-time key that adds a passkey to the
   * account (recovery, or an account made by a provider): logged in under no
   * profile, for at most `oneTimeKeySeconds`, never with `signUp`. The
   * session key's log-in by default.
   */
  purpose?: 'session' | 'add-passkey' | undefined
}

/**
 * The `nonce` an ID token carries for a key, as the vendor checks it: the
 * SHA-256 of the key's hex string (as sent), in lower-case hex. The provider
 * signs it into the token, so the token logs in that key and no other.
 */
export const oidcNonce = (publicKey: string) =>
  sha256(stringToBytes(publicKey)).slice(2)

/** How long a one-time key that adds a passkey may sign, at most. */
export const oneTimeKeySeconds = 300

/** The user's account, and the session key's log-in: the vendor's session JWT. */
export type OidcLogInAnswer = {
  subOrganizationId: string
  session: string
  /** Whether this log-in made the account. */
  created: boolean
}
