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
 * The user and the sub-organization the code was sent for. Passkey recovery
 * needs them, because the emailed recover-user key may sign `recover_user`
 * only. An unknown email gets made-up ids of the same shape, so the answer
 * tells no one who has an account.
 */
export type RecoveryStartAnswer = { userId: string; organizationId: string }
