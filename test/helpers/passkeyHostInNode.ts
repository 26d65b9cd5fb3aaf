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

/**
 * The browser's WebAuthn (Node has none), answered by the passkey `current()`
 * returns at each prompt. `answering()`, when given, runs as each prompt
 * opens and the answer waits for it: the user taking their time. As in a
 * browser, an aborted `signal` closes the prompt with an AbortError, unanswered.
 */
export function stubWebauthn(
  /** The passkey the user picks; `allowed` lists the only ones the prompt offers (none: any). */
  current: (allowed: readonly string[]) => SoftwareAuthenticator,
  answering?: () => Promise<void>,
) {
  const bytes = (base64url: string) =>
    Uint8Array.from(Buffer.from(base64url, 'base64url')).buffer
  const closed = () =>
    new DOMException(
      'The operation either timed out or was not allowed.',
      'AbortError',
    )
  const credentials = {
    async get({
      publicKey,
      signal,
    }: {
      publicKey: PublicKeyCredentialRequestOptions
      signal?: AbortSignal
    }) {
      if (signal?.aborted) throw closed()
      if (answering) {
        const aborted = new Promise<never>((_, reject) =>
          signal?.addEventListener('abort', () => reject(closed()), {
            once: true,
          }),
        )
        await Promise.race([answering(), aborted])
      }
      const challenge = Buffer.from(publicKey.challenge as Uint8Array).toString(
        'base64url',
      )
      const allowed = (publicKey.allowCredentials ?? []).map(({ id }) =>
        Buffer.from(id as Uint8Array).toString('base64url'),
      )
      const assertion = current(allowed).assert(challenge, {
        rpId: publicKey.rpId,
      })
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
 * The browser's `navigator.credentials.create`, answered by registering the
 * passkey `next()` returns over the page's challenge, as a browser would.
 */
export function passkeyCreation(next: () => SoftwareAuthenticator) {
  const bytes = (base64url: string) =>
    Uint8Array.from(Buffer.from(base64url, 'base64url')).buffer
  return async ({
    publicKey,
  }: {
    publicKey: PublicKeyCredentialCreationOptions
  }) => {
    const { attestation } = next().register(
      'Passkey',
      Buffer.from(publicKey.challenge as Uint8Array).toString('base64url'),
    )
    return {
      id: attestation.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: bytes(attestation.clientDataJson),
        attestationObject: bytes(attestation.attestationObject),
        getTransports: () => ['internal'],
      },
    }
  }
}

/**
 * A host's wagmi config with passkeyWallet on the vendor emulator, its
 * storage in memory (give the same `storage` to a second config for a page
 * reloaded). Users signed up with the backend: connect() logs in.
 */
export function passkeyHostConfig(
  vendor: Pick<Vendor, 'url' | 'parentOrganizationId'>,
  chains: readonly [Chain, ...Chain[]],
  options: Partial<PasskeyWalletParameters> = {},
  storage = memoryStorage('host').storage,
) {
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
        // These suites follow a session key's life, which a root key shares
        // with a profile's; the profile's scope has files of its own.
        session: { unscopedRootKey: true },
        ...options,
      }),
    ],
    multiInjectedProviderDiscovery: false,
    storage,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
  })
}
