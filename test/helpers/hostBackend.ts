import { decryptCredentialBundle, generateP256KeyPair } from '@turnkey/crypto'
import type { Vendor } from '../../sandbox/turnkey/startVendor.js'
import type { PasskeyBackend } from '../../src/exports/server.js'
import { createEmailVerification } from '../../src/passkey/emailVerification.js'
import type { AuthProxyClient } from '../../src/turnkey/createAuthProxyClient.js'
import {
  type CreateAccountRequest,
  createClientSignature,
  signUpRootUser,
  signUpUsage,
} from '../../src/turnkey/hostBackendContract.js'
import { generateStampingKey } from '../../src/turnkey/stampers.js'
import { SoftwareAuthenticator } from './softwareAuthenticator.js'
import { emailsTo, keyClient, newestCode } from './vendorUsers.js'

/*
 * The host backend (wagmi-connector-pack/server) as passkeyWallet talks to
 * it: its requests, the email's proof and the sign-up request.
 */

/** The backend's options for the sandbox vendor: its parent organization and API key. */
export const sandboxBackendOptions = (
  vendor: Pick<Vendor, 'url' | 'parentOrganizationId' | 'parentApiKey'>,
) => ({
  organizationId: vendor.parentOrganizationId,
  apiPublicKey: vendor.parentApiKey.publicKey,
  apiPrivateKey: vendor.parentApiKey.privateKey,
  apiBaseUrl: vendor.url,
})

/**
 * What recovery start goes on with after its answer, kept as a platform's
 * `waitUntil` would; `sent()` waits for every send so far.
 */
export function afterAnswers() {
  const pending: Promise<unknown>[] = []
  return {
    waitUntil: (work: Promise<unknown>) => void pending.push(work),
    sent: () => Promise.all(pending.splice(0)),
  }
}

/**
 * The account an email recovery of `email` reaches, as the page learns it:
 * recovery start through `backend`, the newest code emailed, opened with the
 * page's key, and `whoami` with it. Undefined when no code came.
 */
export async function recoveredAccount(
  backend: PasskeyBackend,
  vendor: Pick<Vendor, 'url' | 'parentOrganizationId' | 'parentApiKey'>,
  email: string,
  sent: () => Promise<unknown>,
) {
  const target = generateP256KeyPair()
  const answer = await backend.startRecovery(
    jsonPost('/api/start-recovery', {
      email,
      type: 'email',
      targetPublicKey: target.publicKeyUncompressed,
    }),
  )
  if (answer.status !== 200)
    throw new Error(`start-recovery answered ${answer.status}`)
  await sent()
  const code = (await emailsTo(vendor, email))
    .filter((e) => e.kind === 'email_auth')
    .at(-1)
  if (!code) return undefined
  const key = decryptCredentialBundle(code.secret, target.privateKey)
  const { organizationId } = await keyClient(vendor, key).getWhoami({
    organizationId: vendor.parentOrganizationId,
  })
  return organizationId
}

/** A JSON POST as the page sends it to the host backend. */
export const jsonPost = (path: string, body: unknown) =>
  new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/**
 * The email's proof as passkeyWallet gets it from a host backend: a code sent
 * through `send-email-code`, read from the sandbox outbox, checked through
 * `verify-email-code` for a key made for this sign-up.
 */
export async function proveEmail(
  backend: PasskeyBackend,
  vendorUrl: string,
  email: string,
) {
  const sent = await backend.sendEmailCode(
    jsonPost('/api/send-email-code', { email }),
  )
  if (sent.status !== 200)
    throw new Error(`send-email-code answered ${sent.status}`)
  const { otpId, otpEncryptionTargetBundle } = await sent.json()
  const key = await generateStampingKey()
  const verified = await backend.verifyEmailCode(
    jsonPost('/api/verify-email-code', {
      otpId,
      otpEncryptionTargetBundle,
      otpCode: await newestCode({ url: vendorUrl }, email.trim().toLowerCase()),
      publicKey: key.publicKey,
    }),
  )
  return { response: verified, key }
}

/** A sign-up body carrying the email's proof, signed as passkeyWallet signs it. */
export async function withEmailProof(
  request: Pick<
    CreateAccountRequest,
    'userName' | 'challenge' | 'attestation'
  > & { email: string },
  proof: {
    verificationToken: string
    tokenId: string
    key: Awaited<ReturnType<typeof generateStampingKey>>
  },
): Promise<CreateAccountRequest> {
  const email = request.email.trim().toLowerCase()
  return {
    ...request,
    verificationToken: proof.verificationToken,
    clientSignature: await createClientSignature({
      key: proof.key,
      tokenId: proof.tokenId,
      usage: signUpUsage({
        ...signUpRootUser({ ...request, email }),
        userEmail: email,
      }),
    }),
  }
}

/**
 * The email's proof as passkeyWallet gets it with no backend: the Auth
 * Proxy's `otp_init`, the code read from the sandbox outbox, `otp_verify`
 * for a key made for this sign-up.
 */
export async function proveEmailThroughProxy(
  client: AuthProxyClient,
  vendor: { url: string; parentOrganizationId: string },
  email: string,
) {
  const verification = createEmailVerification({
    parameters: { organizationId: vendor.parentOrganizationId },
    authProxyClient: async () => client,
  })
  const { email: normalized } = await verification.sendCode(email)
  await verification.confirmCode(await newestCode(vendor, normalized))
  return verification.proofFor(email)
}

/**
 * passkeyWallet's sign-up request to the host backend (`create-account`):
 * a new passkey each time (as a retry in the page makes), and with an email
 * its proof (a code sent, read and typed back), the email as the user typed
 * it (the backend normalizes it).
 */
export async function signUpRequest(
  backend: PasskeyBackend,
  vendorUrl: string,
  userName: string,
  email?: string,
) {
  const passkey = new SoftwareAuthenticator()
  const { challenge, attestation } = passkey.register()
  let body: unknown = { userName, challenge, attestation }
  if (email) {
    const { response, key } = await proveEmail(backend, vendorUrl, email)
    if (response.status !== 200)
      throw new Error(`verify-email-code answered ${response.status}`)
    const { verificationToken, verificationTokenId } = await response.json()
    body = await withEmailProof(
      { userName, email, challenge, attestation },
      { verificationToken, tokenId: verificationTokenId, key },
    )
  }
  return {
    passkey,
    attestation,
    request: jsonPost('/api/create-account', body),
  }
}
