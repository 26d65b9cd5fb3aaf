import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = new URL('../../', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>
}
const subpaths = ['./passkey', './walletconnect', './injected', './react']

/** Imports the package by its own name, as a host's bundler or Node would. */
async function importFromNode(specifier: string) {
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).sort()))`,
    ],
    { cwd: root },
  )
  return JSON.parse(stdout) as string[]
}

describe('the published package', () => {
  beforeAll(async () => {
    await run('npm', ['run', 'build'], { cwd: root })
  }, 120_000)

  it('maps each public subpath to ESM and declarations, types first', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(
      [...subpaths, './export-frame.html', './package.json'].sort(),
    )
    for (const subpath of subpaths) {
      const target = manifest.exports[subpath] as {
        types: string
        default: string
      }
      expect(Object.keys(target)).toEqual(['types', 'default'])
      expect(existsSync(`${root}${target.types}`)).toBe(true)
      expect(existsSync(`${root}${target.default}`)).toBe(true)
    }
  })

  it('ships the export frame as one self-hostable page pinned to the vendor signer', () => {
    const page = readFileSync(
      `${root}${manifest.exports['./export-frame.html'] as string}`,
      'utf8',
    )
    expect(page).toContain('Content-Security-Policy')
    expect(page).toContain("default-src 'none'")
    // The vendor's production enclave signer (notes/turnkey-api.md §5.2), fixed at build time.
    expect(page).toContain(
      '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569',
    )
    expect(page).not.toMatch(/<script[^>]+src=/)
  })

  it.each(subpaths.map((subpath) => subpath.slice(2)))(
    'imports wagmi-connector-pack/%s in Node',
    async (name) => {
      const names = await importFromNode(`wagmi-connector-pack/${name}`)
      expect(names).toContain('BaseError')
    },
  )

  it('exposes the CAIP helpers and the errors a WalletConnect host catches', async () => {
    expect(await importFromNode('wagmi-connector-pack/walletconnect')).toEqual(
      expect.arrayContaining([
        'parseCaipAccount',
        'formatCaipAccount',
        'parseCaipChainId',
        'formatCaipChainId',
        'ConnectionRejectedError',
        'SwitchChainUnavailableError',
      ]),
    )
  })

  it('keeps internals private', async () => {
    await expect(
      importFromNode('wagmi-connector-pack/core/withTimeout'),
    ).rejects.toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED/)
  })
})
