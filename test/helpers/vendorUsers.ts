import { createHash } from 'node:crypto'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { getPublicKey } from '@turnkey/crypto'
import { TurnkeyClient } from '@turnkey/http'
import { Turnkey } from '@turnkey/sdk-server'
import type { Hex } from 'viem'
import type { Vendor } from '../../sandbox/turnkey/startVendor.js'
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

/** A client stamping with a raw P-256 private key (hex), e.g. one decrypted from a bundle. */
export function keyClient(vendor: VendorAddress, privateKeyHex: string) {
  const publicKey = Buffer.from(
    getPublicKey(Buffer.from(privateKeyHex, 'hex'), true),
  ).toString('hex')
  return new TurnkeyClient(
    { baseUrl: vendor.url },
    new ApiKeyStamper({
      apiPublicKey: publicKey,
      apiPrivateKey: privateKeyHex,
    }),
  )
}

/** Sign-up as a host does it: a sub-org with the user's passkey (and email) and one Ethereum wallet. */
export async function signUp(
  vendor: VendorAddress,
  userName: string,
  passkey = new SoftwareAuthenticator(),
) {
  const result = await backendClient(vendor).createSubOrganization({
    subOrganizationName: `${userName}'s organization`,
    rootQuorumThreshold: 1,
    rootUsers: [
      {
        userName,
        userEmail: `${userName}@example.com`,
        apiKeys: [],
        authenticators: [passkey.register()],
        oauthProviders: [],
      },
    ],
    wallet: { walletName: 'Default wallet', accounts: [ethereumAccount] },
  })
  return {
    passkey,
    email: `${userName}@example.com`,
    client: new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper()),
    organizationId: result.subOrganizationId,
    userId: result.rootUserIds![0]!,
    address: result.wallet!.addresses[0] as Hex,
  }
}

async function emailsTo(vendor: Pick<Vendor, 'url'>, to: string) {
  const response = await fetch(
    `${vendor.url}/sandbox/outbox?to=${encodeURIComponent(to)}`,
  )
  return (
    (await response.json()) as {
      emails: { kind: string; secret: string; link?: string }[]
    }
  ).emails
}

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
export async function vendorNow(vendor: Pick<Vendor, 'url'>) {
  const response = await fetch(`${vendor.url}/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 0 }),
  })
  return ((await response.json()) as { nowMs: number }).nowMs
}
