import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { version } from './version.js'

describe('version', () => {
  it("is package.json's (errors and the vendor's client-version header carry it)", () => {
    const manifest = JSON.parse(
      readFileSync(join(process.cwd(), 'package.json'), 'utf8'),
    ) as { version: string }
    expect(version).toBe(manifest.version)
  })
})
