import type { Connect, Plugin } from 'vite'
import type { Sandbox } from '../sandbox/startSandbox.js'
import {
  type CreatePasskeyAccountRequest,
  createPasskeyAccount,
  vendorBackend,
} from './createPasskeyAccount.js'
import { readJson } from './readJson.js'

type Route = (body: Record<string, any>) => Promise<unknown>

function jsonRoute(route: Route): Connect.NextHandleFunction {
  return (request, response) => {
    void (async () => {
      try {
        const result = await route(await readJson(request))
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(result))
      } catch (error) {
        response.writeHead(400, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: (error as Error).message }))
      }
    })()
  }
}

/**
 * The playground's stand-in for a host backend, holding the parent API key
 * in this Node process (it never reaches the browser):
 * - `POST /api/create-account` creates the user's sub-organization;
 * - `POST /api/start-recovery` emails a recovery code encrypted to the page's key.
 */
export function hostBackend(vendor: Sandbox['vendor']): Plugin {
  const backend = vendorBackend(vendor)
  return {
    name: 'wagmi-connector-pack:host-backend',
    configureServer(server) {
      server.middlewares.use(
        '/api/create-account',
        jsonRoute((request) =>
          createPasskeyAccount(backend, request as CreatePasskeyAccountRequest),
        ),
      )
      server.middlewares.use(
        '/api/start-recovery',
        jsonRoute(async ({ email, type, targetPublicKey }) => {
          const { organizationIds } = await backend.getSubOrgIds({
            filterType: 'EMAIL',
            filterValue: email,
          })
          const organizationId = organizationIds[0]
          // Answer as if sent, so the page does not tell who has an account.
          if (!organizationId) return {}
          const request = {
            organizationId,
            email,
            targetPublicKey,
            // The email key signs the whole recovery session (1800 s); the page still takes its
            // code only within 900 s. The recover-user key is spent at once.
            expirationSeconds: type === 'passkey' ? '900' : '1800',
            emailCustomization: { appName: 'wagmi-connector-pack playground' },
          }
          if (type === 'passkey') await backend.initUserEmailRecovery(request)
          else await backend.emailAuth(request)
          return {}
        }),
      )
    },
  }
}
