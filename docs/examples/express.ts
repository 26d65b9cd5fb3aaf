// server.ts: Express (or Connect, or node:http) with the two functions of nodeHttp.ts.
import express from 'express'
import { createPasskeyBackend } from 'wagmi-connector-pack/server'
import { sendWebResponse, toWebRequest } from './nodeHttp.js'

const passkeyBackend = createPasskeyBackend({
  organizationId: process.env.TURNKEY_ORGANIZATION_ID!,
  apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!,
  apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!,
  appName: 'Example',
})

const app = express()
// Before any body parser (express.json()): the handlers read the body themselves.
const routes = [
  '/api/send-email-code',
  '/api/verify-email-code',
  '/api/create-account',
  '/api/start-recovery',
]
app.post(routes, async (req, res) => {
  await sendWebResponse(res, await passkeyBackend.fetch(toWebRequest(req)))
})
app.use(express.json())
// … the rest of your app

app.listen(3000)
