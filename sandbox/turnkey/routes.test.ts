import { describe, expect, it } from 'vitest'
import { publicApi } from './openapi/documents.js'
import { findRoute, isSchemaPath, routes } from './routes.js'

const served = (['query', 'submit'] as const).flatMap((kind) =>
  Object.keys(routes[kind]).map((name) => `/public/v1/${kind}/${name}`),
)

describe('the vendor emulator’s routes', () => {
  it('serve only paths of the published schema, whose request schema checks every body', () => {
    expect(served.filter((path) => !isSchemaPath(path))).toEqual([])
    for (const path of served) expect(findRoute(path)?.endpoint).toBeDefined()
  })

  it('know every path of the published schema, and nothing else', () => {
    const paths = Object.keys(publicApi.paths)
    expect(paths.length).toBeGreaterThan(served.length)
    expect(paths.every(isSchemaPath)).toBe(true)
    expect(isSchemaPath('/public/v1/query/get_everything')).toBe(false)
    // A name inherited from Object.prototype is neither a route nor a schema path.
    expect(findRoute('/public/v1/query/constructor')).toBeUndefined()
    expect(isSchemaPath('constructor')).toBe(false)
  })
})
