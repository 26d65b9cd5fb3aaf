import type { RecoveryType } from '../turnkey/hostBackendContract.js'
import type { CodeKey } from './createCodeFrame.js'

/** The shape of the codes a sender emails, so a code field can ask for exactly that. */
export type RecoveryCodeFormat = {
  /** Characters in a code. */
  length: number
  /** `false`: digits only; `true`: Crockford Base32 (`0-9`, `A-Z` without I, L, O, U). */
  alphanumeric: boolean
}

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
