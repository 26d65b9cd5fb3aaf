import {
  createPasskeyBackend,
  createRateLimit,
} from 'wagmi-connector-pack/server'

// The client's address as your own proxy sets it: here the entry it appends to x-forwarded-for
// (the entries before it are whatever the client sent). Without one, every such request shares
// one key: a client cannot escape the limit by leaving the header out.
const clientIp = (request: Request) =>
  request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() ||
  'no address'
const emailOf = (body: unknown) => {
  const { email } = (body ?? {}) as { email?: unknown }
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}
// 30 requests a minute per address and route; 5 codes every 10 minutes per email, counted per
// client first: a stranger asking codes for someone's address uses up his own quota, not hers.
// Counted in this process's memory; with several instances, give each limit `redis` (below).
const perIp = createRateLimit({
  limit: 30,
  windowMs: 60_000,
  key: (request, _, route) => `${route} ${clientIp(request)}`,
})
const perClientEmail = createRateLimit({
  limit: 5,
  windowMs: 600_000,
  key: (request, body, route) =>
    `${route} ${clientIp(request)} ${emailOf(body)}`,
})

export const passkeyBackend = createPasskeyBackend({
  organizationId: process.env.TURNKEY_ORGANIZATION_ID!, // your parent organization (a UUID)
  apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!, // its API key: compressed P-256, 66 hex characters
  apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!, // 64 hex characters; server environment only
  appName: 'Example', // shown in the recovery emails
  // Before any vendor call: a 429 of the limit's, or on to the route.
  authorize: async (request, body, route) =>
    (await perIp(request, body, route)) ??
    (await perClientEmail(request, body, route)),
})
// passkeyBackend.sendEmailCode(request)   → POST /api/send-email-code
// passkeyBackend.verifyEmailCode(request) → POST /api/verify-email-code
// passkeyBackend.signUp(request)          → POST /api/create-account
// passkeyBackend.startRecovery(request)   → POST /api/start-recovery
// passkeyBackend.oidcLogIn(request)       → POST /api/oidc-login (with the `oidc` option)
// passkeyBackend.fetch(request)           → any of them, by the end of the path
