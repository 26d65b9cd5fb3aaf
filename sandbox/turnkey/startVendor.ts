import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { ChainUrls } from './chainSender.js'
import { type Clock, createClock } from './clock.js'
import { createVendorServer } from './createVendorServer.js'
import { createEnclaveKey, newP256Key } from './enclaveCrypto.js'
import { Faults } from './Faults.js'
import { type Email, Outbox } from './Outbox.js'
import { type LoadedVendor, loadVendor, saveVendor } from './persistence.js'
import { createRelyingParties } from './relyingParties.js'
import { VendorState } from './VendorState.js'

export type ApiKeyPair = {
  /** Compressed P-256 point, hex: the `apiPublicKey` of the vendor's stampers. */
  publicKey: string
  /** 32-byte P-256 scalar, hex: the `apiPrivateKey`. Keep it on the server. */
  privateKey: string
}

export type StartVendorParameters = {
  /** Keep the state in this file (written atomically after each change) and load it on start. */
  dataFile?: string | undefined
  /** Called with each email the emulator "sends". */
  onEmail?: ((email: Email) => void) | undefined
  /**
   * Host pages outside localhost that use this vendor (`https://app.example`):
   * CORS lets them through, and each one's hostname is a passkey rp id beside
   * `localhost`. A passkey registers and signs only from those origins.
   */
  origins?: readonly string[] | undefined
  /**
   * The chains `eth_send_transaction` sends on, JSON-RPC URL by chain id
   * (the sandbox's anvils, with the Gas Station deployed); without them it refuses.
   */
  chains?: ChainUrls | undefined
  /**
   * The OIDC issuers whose ID tokens `oauth_login` and OAuth providers accept
   * (the sandbox's identity provider); a token of any other is refused.
   */
  oidcIssuers?: readonly string[] | undefined
}

export type Vendor = {
  url: string
  parentOrganizationId: string
  /** The host backend's key for the parent organization. */
  parentApiKey: ApiKeyPair
  /** Uncompressed P-256 keys that sign export bundles and session JWTs. */
  signerPublicKey: string
  notarizerPublicKey: string
  state: VendorState
  clock: Clock
  outbox: Outbox
  faults: Faults
  stop(): Promise<void>
}

export function generateApiKeyPair(): ApiKeyPair {
  const { publicKey, privateKey } = newP256Key()
  return { publicKey, privateKey: privateKey.toString('hex') }
}

function freshVendor(nowMs: number): LoadedVendor {
  const state = new VendorState()
  const parentApiKey = generateApiKeyPair()
  const parent = state.createOrganization({
    organizationName: 'Sandbox parent organization',
    nowMs,
  })
  const backend = {
    userId: randomUUID(),
    userName: 'Sandbox host backend',
    userTags: [],
    apiKeys: [
      {
        apiKeyId: randomUUID(),
        apiKeyName: 'host backend',
        publicKey: parentApiKey.publicKey,
        type: 'CREDENTIAL_TYPE_API_KEY_P256' as const,
        createdAtMs: nowMs,
      },
    ],
    authenticators: [],
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  }
  parent.users.push(backend)
  parent.rootUserIds.push(backend.userId)
  return {
    state,
    parentOrganizationId: parent.organizationId,
    parentApiKey,
    enclave: { signer: createEnclaveKey(), notarizer: createEnclaveKey() },
  }
}

/** The Turnkey-compatible emulator on 127.0.0.1, with a parent organization and its API key. */
export async function startVendor({
  dataFile,
  onEmail,
  origins = [],
  chains,
  oidcIssuers = [],
}: StartVendorParameters = {}): Promise<Vendor> {
  const clock = createClock()
  const loaded = (dataFile && loadVendor(dataFile)) || freshVendor(clock.now())
  const save = dataFile ? () => saveVendor(dataFile, loaded) : undefined
  save?.()
  const outbox = new Outbox(onEmail)
  const faults = new Faults()
  const server = createVendorServer({
    state: loaded.state,
    clock,
    outbox,
    faults,
    enclave: loaded.enclave,
    relyingParties: createRelyingParties([
      'localhost',
      ...origins.map((origin) => new URL(origin).hostname),
    ]),
    origins,
    chains,
    oidcIssuers,
    onChange: save,
    reset() {
      for (const organization of loaded.state.organizations.values()) {
        if (organization.parentOrganizationId)
          loaded.state.organizations.delete(organization.organizationId)
        organization.activities = []
        // What was sent and the gas it cost go; the gas usage config stays, as the keys do.
        organization.sentTransactions = undefined
        organization.sponsoredGas = undefined
        organization.userTags = []
        for (const user of organization.users) user.userTags = []
      }
      loaded.state.otps.clear()
      loaded.state.otpFlows.clear()
      loaded.state.consumedVerificationTokens.clear()
      loaded.state.consumedOidcTokens.clear()
      outbox.clear()
      faults.clear()
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    parentOrganizationId: loaded.parentOrganizationId,
    parentApiKey: loaded.parentApiKey,
    signerPublicKey: loaded.enclave.signer.publicKeyHex,
    notarizerPublicKey: loaded.enclave.notarizer.publicKeyHex,
    state: loaded.state,
    clock,
    outbox,
    faults,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
