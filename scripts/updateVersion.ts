/**
 * After `changeset version`: src/version.ts takes package.json's version, so
 * errors and the vendor client's `x-client-version` name the release.
 */
import { readFileSync, writeFileSync } from 'node:fs'

const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string }
writeFileSync(
  new URL('../src/version.ts', import.meta.url),
  `export const version = '${version}'\n`,
)
console.log(`src/version.ts: ${version}`)
