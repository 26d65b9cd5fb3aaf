// server.ts: Express (or Connect, or node:http) with the two functions of nodeHttp.ts.
import express from 'express'
// The backend with its rate limit (authorize), from the top of this page.
import { passkeyBackend } from './backend/passkeyBackend.js'
import { sendWebResponse, toWebRequest } from './nodeHttp.js'

const app = express()
// Before any body parser (express.json()): the handlers read the body themselves.
const routes = [
  '/api/send-email-code',
  '/api/verify-email-code',
  '/api/create-account',
  '/api/start-recovery',
  // With the `oidc` option (social login): a 404 like an unknown path without it.
  '/api/oidc-login',
]
app.post(routes, async (req, res) => {
  await sendWebResponse(res, await passkeyBackend.fetch(toWebRequest(req)))
})
app.use(express.json())
// … the rest of your app

app.listen(3000)
