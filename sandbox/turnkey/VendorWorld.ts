import type { ChainUrls } from './chainSender.js'
import type { Clock } from './clock.js'
import type { EnclaveKey } from './enclaveCrypto.js'
import type { Faults } from './Faults.js'
import type { Outbox } from './Outbox.js'
import type { RelyingParties } from './relyingParties.js'
import type { VendorState } from './VendorState.js'

/** Everything the emulator's server works on. */
export type VendorWorld = {
  state: VendorState
  clock: Clock
  outbox: Outbox
  faults: Faults
  enclave: { signer: EnclaveKey; notarizer: EnclaveKey }
  /** The passkey rp ids the sandbox serves: a passkey signs only from their origins. */
  relyingParties: RelyingParties
  /** Host pages outside localhost whose requests CORS lets through. */
  origins: readonly string[]
  /** The chains `eth_send_transaction` sends on (JSON-RPC URL by chain id); none, and it refuses. */
  chains?: ChainUrls | undefined
  /** The OIDC issuers whose ID tokens it verifies (the sandbox's identity provider). */
  oidcIssuers: readonly string[]
  /** Back to a fresh world: no sub-organizations, emails, faults or codes; same parent and keys. */
  reset(): void
  /** Called after every change, so the state can be saved. */
  onChange?: (() => void) | undefined
}
