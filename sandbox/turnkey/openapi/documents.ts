import { readFileSync } from 'node:fs'
import type { SwaggerDocument } from './validateAgainstSchema.js'

const read = (name: string) =>
  JSON.parse(
    readFileSync(new URL(name, import.meta.url), 'utf8'),
  ) as SwaggerDocument

/** The vendor's public API, as published (see README.md beside this file). */
export const publicApi = read('./public_api.swagger.json')
/** The vendor's hosted Auth Proxy (`/v1/*`), as published (see README.md beside this file). */
export const authProxyApi = read('./auth_proxy.swagger.json')
