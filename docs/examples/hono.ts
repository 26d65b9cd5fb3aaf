// server.ts: Hono on Node, Bun or Deno (on Workers, create the backend from `env` once).
import { Hono } from 'hono'
// The backend with its rate limit (authorize), from the top of this page.
import { passkeyBackend } from './backend/passkeyBackend.js'

const app = new Hono()
app.post('/api/send-email-code', (c) => passkeyBackend.sendEmailCode(c.req.raw))
app.post('/api/verify-email-code', (c) =>
  passkeyBackend.verifyEmailCode(c.req.raw),
)
app.post('/api/create-account', (c) => passkeyBackend.signUp(c.req.raw))
app.post('/api/start-recovery', (c) => passkeyBackend.startRecovery(c.req.raw))
// With the `oidc` option (social login): a 404 like an unknown path without it.
app.post('/api/oidc-login', (c) => passkeyBackend.oidcLogIn(c.req.raw))

export default app
