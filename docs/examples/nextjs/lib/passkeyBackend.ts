// lib/passkeyBackend.ts: imported by route handlers only, so it stays on the server.
import { after } from 'next/server'
import {
  createPasskeyBackend,
  createRateLimit,
  type PasskeyBackend,
} from 'wagmi-connector-pack/server'

// On Vercel, x-real-ip is the client's address as the platform saw it; set your own proxy's elsewhere.
// Without one, every such request shares one key: leaving the header out escapes nothing.
const perIp = createRateLimit({
  limit: 30,
  windowMs: 60_000,
  key: (request, _, route) =>
    `${route} ${request.headers.get('x-real-ip') || 'no address'}`,
})

let backend: PasskeyBackend | undefined

// Created on the first request, not when the module loads: `next build` loads the routes
// and must not need the secrets, which a build environment (CI, Docker) does not have.
export function passkeyBackend(): PasskeyBackend {
  backend ??= createPasskeyBackend({
    organizationId: process.env.TURNKEY_ORGANIZATION_ID!,
    apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!,
    apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!,
    // Set in development against the sandbox (both printed by `npm run sandbox`):
    apiBaseUrl: process.env.TURNKEY_API_BASE_URL,
    verificationTokenPublicKey:
      process.env.TURNKEY_VERIFICATION_TOKEN_PUBLIC_KEY,
    appName: 'Example',
    // Recovery start emails its code after it has answered: keep that work alive.
    waitUntil: after,
    // Each serverless function counts alone in memory: give createRateLimit `redis`
    // (a client of a Redis they all reach) for one count across them.
    authorize: (request, body, route) => perIp(request, body, route),
  })
  return backend
}
