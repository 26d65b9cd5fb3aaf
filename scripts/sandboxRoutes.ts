import { routes } from '../sandbox/turnkey/routes.js'
import { rewriteMarkedSection } from './rewriteMarkedSection.js'

/** docs/sandbox.md's table of the vendor emulator's routes, as sandbox/turnkey/routes.ts declares them. */
export function renderSandboxRoutes() {
  const queries = Object.entries(routes.query).map(
    ([name, endpoint]) =>
      `| \`query/${name}\` | — | ${endpoint.sessionKeyReads ? 'reads it' : 'refused (403)'} |`,
  )
  const submits = Object.entries(routes.submit).map(([name, endpoint]) => {
    const types =
      endpoint.kind === 'vote'
        ? [endpoint.type]
        : Object.keys(endpoint.resultKeys)
    return `| \`submit/${name}\` | ${types.map((type) => `\`${type}\``).join(', ')} | as its profile's scope says |`
  })
  return [
    '| path (`POST /public/v1/…`) | activity types | a session key |',
    '| --- | --- | --- |',
    ...queries,
    ...submits,
  ].join('\n')
}

/** Rewrites docs/sandbox.md's routes section from the route table. */
export function writeSandboxRoutesDocs() {
  rewriteMarkedSection(
    new URL('../docs/sandbox.md', import.meta.url),
    'routes',
    renderSandboxRoutes(),
  )
}
