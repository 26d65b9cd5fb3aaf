/**
 * The host backend's recovery-start route, as passkeyWallet's
 * `recovery.start` calls it and `wagmi-connector-pack/server` answers it:
 * one declaration for both.
 */

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
