import type { Principal, RequestScope } from './authenticate.js'
import type { ChainUrls } from './chainSender.js'
import type { EnclaveKey } from './enclaveCrypto.js'
import type { Organization } from './model.js'
import type { Outbox } from './Outbox.js'
import type { RelyingParties } from './relyingParties.js'
import type { VendorState } from './VendorState.js'

export type EndpointContext = {
  state: VendorState
  principal: Principal
  /** The organization the request acts on. */
  organization: Organization
  nowMs: number
  relyingParties: RelyingParties
  outbox: Outbox
  /** Keys of the emulated enclave: export bundles are signed, session JWTs notarized. */
  enclave: { signer: EnclaveKey; notarizer: EnclaveKey }
  /** The chains transactions are sent on, when the emulator runs beside them. */
  chains?: ChainUrls | undefined
  /** The OIDC issuers whose ID tokens the emulator verifies; any other is refused. */
  oidcIssuers: readonly string[]
}

export type QueryEndpoint = {
  kind: 'query'
  /**
   * Whether a key issued under a session profile may make this read. A
   * profile's scope is written in the policy language, which describes
   * activities only, and whether the vendor applies it to reads is not
   * documented: the sandbox takes the strict reading, letting a session key
   * make only the reads a signing session needs (who it is, its activities,
   * its own keys to revoke itself, the accounts it signs with, the status of
   * what it sent).
   */
  sessionKeyReads: boolean
  scope?: Partial<RequestScope>
  handle(context: EndpointContext, body: Record<string, unknown>): unknown
}

export type SubmitEndpoint = {
  kind: 'submit'
  /** Accepted activity types, each with the key its result is returned under. */
  resultKeys: Record<string, string>
  scope?: Partial<RequestScope>
  handle(
    context: EndpointContext,
    parameters: Record<string, unknown>,
  ): unknown | Promise<unknown>
}

/** approve_activity / reject_activity: a root user's vote on another activity, which makes no activity of its own. */
export type VoteEndpoint = {
  kind: 'vote'
  /** The one activity type the request names. */
  type: string
  approves: boolean
  scope?: Partial<RequestScope>
}

export type Endpoint = QueryEndpoint | SubmitEndpoint | VoteEndpoint
