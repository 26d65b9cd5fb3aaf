import type { ClientSignature, TokenUsage } from './createClientSignature.js'
import type { VendorAttestation } from './VendorAttestation.js'

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
