import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite'
import { sendWebResponse, toWebRequest } from '../docs/examples/nodeHttp.js'
import type { Sandbox } from '../sandbox/startSandbox.js'
import { createPasskeyBackend } from '../src/exports/server.js'

/**
 * The playground's host backend: the pack's own handlers
 * (`wagmi-connector-pack/server`) on the sandbox's parent API key, held in
 * this Node process (it never reaches the browser), mounted on Vite's dev
 * server with the Node lines of docs/backend.md:
 * - `POST /api/send-email-code` and `/api/verify-email-code` prove the sign-up's email;
 * - `POST /api/create-account` creates the user's sub-organization;
 * - `POST /api/start-recovery` emails a recovery code encrypted to the page's key;
 * - `POST /api/oidc-login` logs a session key in with an ID token of the
 *   sandbox's identity provider (Google and Apple presets), making the
 *   account first when there is none.
 */
export function hostBackend(
  vendor: Sandbox['vendor'],
  identityProvider: Sandbox['identityProvider'],
): Plugin {
  const backend = createPasskeyBackend({
    organizationId: vendor.parentOrganizationId,
    apiPublicKey: vendor.parentApiKey.publicKey,
    apiPrivateKey: vendor.parentApiKey.privateKey,
    apiBaseUrl: vendor.url,
    appName: 'wagmi-connector-pack playground',
    // The sandbox signs email proofs with its own key, not the vendor's production one.
    verificationTokenPublicKey: vendor.signerPublicKey,
    oidc: {
      providers: Object.values(identityProvider.clientIds).map((clientId) => ({
        issuer: identityProvider.issuer,
        clientId,
      })),
      sessionProfileId: vendor.sessionProfileId,
    },
  })
  const mount: Connect.NextHandleFunction = (request, response, next) => {
    backend
      .fetch(toWebRequest(request))
      .then((answer) => sendWebResponse(response, answer))
      .catch(next)
  }
  const addRoutes = ({ middlewares }: ViteDevServer | PreviewServer) => {
    middlewares.use('/api/create-account', mount)
    middlewares.use('/api/send-email-code', mount)
    middlewares.use('/api/verify-email-code', mount)
    middlewares.use('/api/start-recovery', mount)
    middlewares.use('/api/oidc-login', mount)
  }
  return {
    name: 'wagmi-connector-pack:host-backend',
    configureServer: addRoutes,
    configurePreviewServer: addRoutes,
  }
}
