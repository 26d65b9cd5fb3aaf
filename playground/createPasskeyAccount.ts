import { Turnkey } from '@turnkey/sdk-server'
import type { Sandbox } from '../sandbox/startSandbox.js'

const ethereumAccount = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const

type VendorBackend = ReturnType<typeof vendorBackend>
type Authenticator = Parameters<
  VendorBackend['createSubOrganization']
>[0]['rootUsers'][number]['authenticators'][number]

export type CreatePasskeyAccountRequest = {
  userName: string
  email?: string | undefined
  challenge: string
  attestation: Authenticator['attestation']
}

/** The host backend's vendor client, holding the parent API key (server side only). */
export function vendorBackend(vendor: Sandbox['vendor']) {
  return new Turnkey({
    apiBaseUrl: vendor.url,
    apiPublicKey: vendor.parentApiKey.publicKey,
    apiPrivateKey: vendor.parentApiKey.privateKey,
    defaultOrganizationId: vendor.parentOrganizationId,
  }).apiClient()
}

/**
 * What a host backend does for passkeyWallet's `createAccount`: a
 * sub-organization whose root user holds the new passkey, with one Ethereum
 * wallet account.
 */
export async function createPasskeyAccount(
  backend: VendorBackend,
  { userName, email, challenge, attestation }: CreatePasskeyAccountRequest,
  label = 'playground',
) {
  const { subOrganizationId } = await backend.createSubOrganization({
    subOrganizationName: `${userName} (${label})`,
    rootQuorumThreshold: 1,
    rootUsers: [
      {
        userName,
        userEmail: email || undefined,
        apiKeys: [],
        authenticators: [
          { authenticatorName: 'Passkey', challenge, attestation },
        ],
        oauthProviders: [],
      },
    ],
    wallet: { walletName: 'Default wallet', accounts: [ethereumAccount] },
  })
  return { subOrganizationId }
}
