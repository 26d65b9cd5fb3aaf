// server.ts: Hono on Node, Bun or Deno (on Workers, create the backend from `env` once).
import { Hono } from 'hono'
import { createPasskeyBackend } from 'wagmi-connector-pack/server'

const passkeyBackend = createPasskeyBackend({
  organizationId: process.env.TURNKEY_ORGANIZATION_ID!,
  apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!,
  apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!,
  appName: 'Example',
})

const app = new Hono()
app.post('/api/send-email-code', (c) => passkeyBackend.sendEmailCode(c.req.raw))
app.post('/api/verify-email-code', (c) =>
  passkeyBackend.verifyEmailCode(c.req.raw),
)
app.post('/api/create-account', (c) => passkeyBackend.signUp(c.req.raw))
app.post('/api/start-recovery', (c) => passkeyBackend.startRecovery(c.req.raw))

export default app
