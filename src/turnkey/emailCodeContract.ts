/**
 * The host backend's email-code routes, as passkeyWallet calls them and
 * `wagmi-connector-pack/server` answers them: one declaration for both.
 */

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
