import type { CDPSession, Page } from '@playwright/test'

export type VirtualAuthenticatorOptions = {
  /** Whether the "user" passes verification (PIN, biometrics). Default true. */
  isUserVerified?: boolean
}

export type VirtualAuthenticator = {
  authenticatorId: string
  /** The passkeys it holds; ids and user handles in base64url, as WebAuthn gives them to pages. */
  credentials(): Promise<
    {
      credentialId: string
      rpId?: string
      isResidentCredential: boolean
      signCount: number
      userHandle?: string
    }[]
  >
  setUserVerified(isUserVerified: boolean): Promise<void>
  /** Forgets one passkey (its id in base64url), as when the user deletes it. */
  removeCredential(credentialId: string): Promise<void>
  /** Forgets every passkey, as when the device is lost or reset. */
  clearCredentials(): Promise<void>
  remove(): Promise<void>
}

/**
 * Adds a platform passkey authenticator to the page through Chromium's
 * DevTools protocol: CTAP2, internal transport, resident keys and user
 * verification, answering prompts without a person.
 */
export async function addVirtualAuthenticator(
  page: Page,
  { isUserVerified = true }: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send(
    'WebAuthn.addVirtualAuthenticator',
    {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified,
        automaticPresenceSimulation: true,
      },
    },
  )
  return {
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', {
        authenticatorId,
      })
      return credentials.map((credential) => ({
        ...credential,
        credentialId: toBase64Url(credential.credentialId),
        userHandle: credential.userHandle && toBase64Url(credential.userHandle),
      }))
    },
    async setUserVerified(verified) {
      await cdp.send('WebAuthn.setUserVerified', {
        authenticatorId,
        isUserVerified: verified,
      })
    },
    async removeCredential(credentialId) {
      await cdp.send('WebAuthn.removeCredential', {
        authenticatorId,
        credentialId: fromBase64Url(credentialId),
      })
    },
    async clearCredentials() {
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId })
    },
    async remove() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
      await cdp.detach()
    },
  }
}

// CDP speaks standard base64.
function toBase64Url(base64: string) {
  return Buffer.from(base64, 'base64').toString('base64url')
}

function fromBase64Url(base64url: string) {
  return Buffer.from(base64url, 'base64url').toString('base64')
}
