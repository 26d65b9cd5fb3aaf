import { createConfig, http } from '@wagmi/core'
import type { Chain } from 'viem'
import { vi } from 'vitest'
import type { Vendor } from '../../sandbox/turnkey/startVendor.js'
import {
  type PasskeyWalletParameters,
  passkeyWallet,
} from '../../src/passkey/passkeyWallet.js'
import { memoryStorage } from './memoryStorage.js'
import type { SoftwareAuthenticator } from './softwareAuthenticator.js'

/** The browser's WebAuthn (Node has none), answered by the passkey `current()` returns at each prompt. */
export function stubWebauthn(current: () => SoftwareAuthenticator) {
  const bytes = (base64url: string) =>
    Uint8Array.from(Buffer.from(base64url, 'base64url')).buffer
  const credentials = {
    async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
      const challenge = Buffer.from(publicKey.challenge as Uint8Array).toString(
        'base64url',
      )
      const assertion = current().assert(challenge, { rpId: publicKey.rpId })
      return {
        id: assertion.credentialId,
        type: 'public-key',
        response: {
          authenticatorData: bytes(assertion.authenticatorData),
          clientDataJSON: bytes(assertion.clientDataJson),
          signature: bytes(assertion.signature),
          userHandle: null,
        },
      }
    },
    async create() {
      throw new DOMException(
        'sign-up is the host backend’s here',
        'NotAllowedError',
      )
    },
  }
  vi.stubGlobal('window', {})
  vi.stubGlobal('navigator', { credentials })
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {})
}

/**
 * A host's wagmi config with passkeyWallet on the vendor emulator, its
 * storage in memory. Users signed up with the backend: connect() logs in.
 */
export function passkeyHostConfig(
  vendor: Pick<Vendor, 'url' | 'parentOrganizationId'>,
  chains: readonly [Chain, ...Chain[]],
  options: Partial<PasskeyWalletParameters> = {},
) {
  const { storage } = memoryStorage('host')
  return createConfig({
    chains,
    connectors: [
      passkeyWallet({
        organizationId: vendor.parentOrganizationId,
        apiBaseUrl: vendor.url,
        rpId: 'localhost',
        createAccount: async () => {
          throw new Error('not used: the user signed up with the backend')
        },
        ...options,
      }),
    ],
    multiInjectedProviderDiscovery: false,
    storage,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
  })
}
