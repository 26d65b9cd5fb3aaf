import { Turnkey } from '@turnkey/sdk-server'
import type { Plugin } from 'vite'
import type { Sandbox } from '../sandbox/startSandbox.js'
import { readJson } from './readJson.js'

const ethereumAccount = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const

/**
 * The playground's stand-in for a host backend: `POST /api/create-account`
 * creates the user's sub-organization with the parent API key, which stays
 * in this Node process and never reaches the browser.
 */
export function hostBackend(vendor: Sandbox['vendor']): Plugin {
  const backend = new Turnkey({
    apiBaseUrl: vendor.url,
    apiPublicKey: vendor.parentApiKey.publicKey,
    apiPrivateKey: vendor.parentApiKey.privateKey,
    defaultOrganizationId: vendor.parentOrganizationId,
  }).apiClient()
  return {
    name: 'wagmi-connector-pack:host-backend',
    configureServer(server) {
      server.middlewares.use('/api/create-account', (request, response) => {
        void (async () => {
          try {
            const { userName, email, challenge, attestation } =
              await readJson(request)
            const { subOrganizationId } = await backend.createSubOrganization({
              subOrganizationName: `${userName} (playground)`,
              rootQuorumThreshold: 1,
              rootUsers: [
                {
                  userName,
                  userEmail: email || undefined,
                  apiKeys: [],
                  authenticators: [
                    { authenticatorName: 'Passkey', challenge, attestation },
                  ],
                  oauthProviders: [],
                },
              ],
              wallet: {
                walletName: 'Default wallet',
                accounts: [ethereumAccount],
              },
            })
            response.writeHead(200, { 'content-type': 'application/json' })
            response.end(JSON.stringify({ subOrganizationId }))
          } catch (error) {
            response.writeHead(400, { 'content-type': 'application/json' })
            response.end(JSON.stringify({ error: (error as Error).message }))
          }
        })()
      })
    },
  }
}
