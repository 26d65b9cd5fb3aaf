import { voteSubmits } from './activityLifecycle.js'
import { authSubmits } from './authSubmits.js'
import type {
  Endpoint,
  QueryEndpoint,
  SubmitEndpoint,
  VoteEndpoint,
} from './endpoint.js'
import { exportSubmits } from './exportSubmits.js'
import { oauthProviderQueries, oauthProviderSubmits } from './oauthProviders.js'
import { publicApi } from './openapi/documents.js'
import { otpSubmits } from './otpSubmits.js'
import { queries } from './queries.js'
import {
  sendTransactionQueries,
  sendTransactionSubmits,
} from './sendTransactions.js'
import {
  sessionProfileQueries,
  sessionProfileSubmits,
} from './sessionProfiles.js'
import { submits } from './submits.js'

/**
 * Every path the vendor emulator serves, `/public/v1/<kind>/<name>`, each
 * declared beside the code that answers it. The server, the docs' list of
 * endpoints and the cross-organization test all read this one table.
 */
export const routes: {
  query: Record<string, QueryEndpoint>
  submit: Record<string, SubmitEndpoint | VoteEndpoint>
} = {
  query: {
    ...queries,
    ...oauthProviderQueries,
    ...sessionProfileQueries,
    ...sendTransactionQueries,
  },
  submit: {
    ...submits,
    ...authSubmits,
    ...oauthProviderSubmits,
    ...exportSubmits,
    ...otpSubmits,
    ...sessionProfileSubmits,
    ...sendTransactionSubmits,
    ...voteSubmits,
  },
}

/** The reads a key issued under a session profile may make, as each route declares. */
export const sessionKeyReads = Object.entries(routes.query)
  .filter(([, endpoint]) => endpoint.sessionKeyReads)
  .map(([name]) => name)

/**
 * Whether the vendor's published schema has `pathname`: one the sandbox does
 * not serve is answered "not implemented", any other "unknown path".
 */
export const isSchemaPath = (pathname: string) =>
  Object.hasOwn(publicApi.paths, pathname)

/** The served route `pathname` names, if any. */
export function findRoute(
  pathname: string,
): { name: string; endpoint: Endpoint } | undefined {
  const [, kind, name] =
    /^\/public\/v1\/(query|submit)\/([a-z0-9_]+)$/.exec(pathname) ?? []
  if ((kind !== 'query' && kind !== 'submit') || !name) return undefined
  const table: Record<string, Endpoint> = routes[kind]
  const endpoint = Object.hasOwn(table, name) ? table[name] : undefined
  return endpoint && { name, endpoint }
}
