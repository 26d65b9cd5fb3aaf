/**
 * `npm run report`'s sandbox part: docs/sandbox.md's table of the vendor
 * emulator's routes, rewritten from sandbox/turnkey/routes.ts.
 */
import { writeSandboxRoutesDocs } from './sandboxRoutes.js'

writeSandboxRoutesDocs()
console.log(
  'docs/sandbox.md: the routes written from sandbox/turnkey/routes.ts',
)
