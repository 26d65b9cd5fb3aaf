import { createHash } from 'node:crypto'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { getPublicKey } from '@turnkey/crypto'
import { TurnkeyClient } from '@turnkey/http'
import { Turnkey } from '@turnkey/sdk-server'
import type { Hex } from 'viem'
import type { Vendor } from '../../sandbox/turnkey/startVendor.js'
import { advanceClock } from './sandboxSwitches.js'
import { SoftwareAuthenticator } from './softwareAuthenticator.js'

export const ethereumAccount = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const

type VendorAddress = Pick<
  Vendor,
  'url' | 'parentOrganizationId' | 'parentApiKey'
>

/** POSTs exactly these bytes to the vendor with these headers; its status and JSON body. */
export async function postToVendor(
  vendor: Pick<Vendor, 'url'>,
  path: string,
  body: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${vendor.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
  return { status: response.status, body: (await response.json()) as any }
}

/** What the vendor's stampers make of a body: one header. */
export type Stamper = {
  stamp(
    body: string,
  ): Promise<{ stampHeaderName: string; stampHeaderValue: string }>
}

/** POSTs `body` as JSON to the public API's `path` (`query/…`, `submit/…`), stamped by `stamper` (unstamped without one). */
export async function postStamped(
  vendor: Pick<Vendor, 'url'>,
  path: string,
  body: Record<string, unknown>,
  stamper: Stamper | undefined,
) {
  const text = JSON.stringify(body)
  const stamp = await stamper?.stamp(text)
  return postToVendor(
    vendor,
    `/public/v1/${path}`,
    text,
    stamp ? { [stamp.stampHeaderName]: stamp.stampHeaderValue } : {},
  )
}

/** An activity's body as the vendor's clients send it to `submit/…`. */
export const activityBody = (
  type: string,
  organizationId: string,
  parameters: Record<string, unknown>,
  timestampMs: number,
) => ({ type, timestampMs: String(timestampMs), organizationId, parameters })

/** The vendor's error answer: HTTP status and `{code, message, details}`. */
export const vendorRefusal = (
  status: number,
  code: number,
  message: string,
) => ({ status, body: { code, message, details: [] } })

/** The `X-Stamp` header of `body` signed with an API key (the parent's by default). */
export async function apiKeyStamp(
  body: string,
  key: { publicKey: string; privateKey: string },
) {
  const { stampHeaderValue } = await new ApiKeyStamper({
    apiPublicKey: key.publicKey,
    apiPrivateKey: key.privateKey,
  }).stamp(body)
  return { 'X-Stamp': stampHeaderValue }
}

/** The `X-Stamp-Webauthn` header of `body` asserted by a software passkey. */
export function passkeyStamp(
  passkey: SoftwareAuthenticator,
  body: string,
  options: Parameters<SoftwareAuthenticator['assert']>[1] = {},
) {
  const challenge = Buffer.from(
    createHash('sha256').update(body).digest('hex'),
  ).toString('base64url')
  return {
    'X-Stamp-Webauthn': JSON.stringify(passkey.assert(challenge, options)),
  }
}

/** The host backend's client: the parent organization's API key, server side. */
export function backendClient(vendor: VendorAddress) {
  return new Turnkey({
    apiBaseUrl: vendor.url,
    apiPublicKey: vendor.parentApiKey.publicKey,
    apiPrivateKey: vendor.parentApiKey.privateKey,
    defaultOrganizationId: vendor.parentOrganizationId,
  }).apiClient()
}

/** The parent organization's API key as a stamper, as the host backend stamps. */
export const parentStamper = (vendor: Pick<Vendor, 'parentApiKey'>) =>
  new ApiKeyStamper({
    apiPublicKey: vendor.parentApiKey.publicKey,
    apiPrivateKey: vendor.parentApiKey.privateKey,
  })

/** A stamper for a raw P-256 private key (hex), e.g. one decrypted from a bundle. */
export const keyStamper = (privateKeyHex: string) =>
  new ApiKeyStamper({
    apiPublicKey: Buffer.from(
      getPublicKey(Buffer.from(privateKeyHex, 'hex'), true),
    ).toString('hex'),
    apiPrivateKey: privateKeyHex,
  })

/** A client stamping with a raw P-256 private key (hex), e.g. one decrypted from a bundle. */
export function keyClient(vendor: VendorAddress, privateKeyHex: string) {
  return new TurnkeyClient({ baseUrl: vendor.url }, keyStamper(privateKeyHex))
}

/** The sub-organizations with a verified user of this email. */
export async function subOrganizationsOf(vendor: VendorAddress, email: string) {
  const { organizationIds } = await backendClient(vendor).getVerifiedSubOrgIds({
    organizationId: vendor.parentOrganizationId,
    filterType: 'EMAIL',
    filterValue: email,
  })
  return organizationIds
}

/**
 * Sign-up as a host does it: a sub-org with the user's passkey (and email)
 * and one Ethereum wallet. Without `email` or `wallet`, a bare user with the
 * passkey alone, for tests of what the vendor checks on any organization.
 */
export async function signUp(
  vendor: VendorAddress,
  userName: string,
  passkey = new SoftwareAuthenticator(),
  { email = true, wallet = true }: { email?: boolean; wallet?: boolean } = {},
) {
  const userEmail = email ? `${userName}@example.com` : undefined
  const result = await backendClient(vendor).createSubOrganization({
    subOrganizationName: `${userName}'s organization`,
    rootQuorumThreshold: 1,
    rootUsers: [
      {
        userName,
        ...(userEmail && { userEmail }),
        apiKeys: [],
        authenticators: [passkey.register()],
        oauthProviders: [],
      },
    ],
    ...(wallet && {
      wallet: { walletName: 'Default wallet', accounts: [ethereumAccount] },
    }),
  })
  return {
    passkey,
    email: userEmail!,
    client: new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper()),
    organizationId: result.subOrganizationId,
    userId: result.rootUserIds![0]!,
    address: result.wallet?.addresses[0] as Hex,
  }
}

/** Every email the sandbox has "sent" to `to`, oldest first. */
export async function emailsTo(vendor: Pick<Vendor, 'url'>, to: string) {
  const response = await fetch(
    `${vendor.url}/sandbox/outbox?to=${encodeURIComponent(to)}`,
  )
  return (
    (await response.json()) as {
      emails: { kind: string; secret: string; link?: string }[]
    }
  ).emails
}

/** The newest one-time code the sandbox emailed to `to`. */
export async function newestCode(vendor: Pick<Vendor, 'url'>, to: string) {
  return (await emailsTo(vendor, to)).filter((e) => e.kind === 'otp').at(-1)!
    .secret
}

/** A code one digit off `code`: the same length, so refused only as wrong. */
export const wrongCode = (code: string) =>
  code.replace(/\d$/, (d) => String((Number(d) + 1) % 10))

/** How many emails the sandbox has "sent" to `to`. */
export async function emailCount(vendor: Pick<Vendor, 'url'>, to: string) {
  return (await emailsTo(vendor, to)).length
}

/**
 * The newest email the sandbox "sent" to `to`. With `after` (a count from
 * `emailCount`), the first email past it: recovery start sends its code
 * after it has answered, so it may arrive a moment after the page says so.
 */
export async function lastEmail(
  vendor: Pick<Vendor, 'url'>,
  to: string,
  { after }: { after?: number } = {},
) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const emails = await emailsTo(vendor, to)
    if (emails.length > (after ?? 0)) return emails[after ?? emails.length - 1]!
    if (Date.now() > deadline)
      throw new Error(`no email to ${to} after the first ${after ?? 0}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The vendor's `{r, s, v}` (hex without 0x, v "00"/"01") as an Ethereum signature. */
export function toEthereumSignature({
  r,
  s,
  v,
}: {
  r: string
  s: string
  v: string
}): Hex {
  return `0x${r}${s}${v === '00' ? '1b' : '1c'}`
}

/** The vendor's time: tests move the shared sandbox's clock forward. */
export const vendorNow = (vendor: Pick<Vendor, 'url'>) =>
  advanceClock(vendor.url, 0)
