import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  checkPackage,
  createPackageFromTarballData,
} from '@arethetypeswrong/core'
import { build } from 'esbuild'
import { publint } from 'publint'
import { beforeAll, describe, expect, it } from 'vitest'
import { builtPackage } from '../helpers/builtPackage.js'

const run = promisify(execFile)
const root = new URL('../../', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  version: string
  exports: Record<string, string | { types: string; default: string }>
  typesVersions: { '*': Record<string, [string]> }
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** The packages each public subpath reaches, its dynamic imports included (esbuild follows them). */
async function packagesBySubpath() {
  const reached = new Map<string, Set<string>>()
  for (const subpath of [...subpaths, './server']) {
    const { metafile } = await build({
      entryPoints: [`${root}src/exports/${subpath.slice(2)}.ts`],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: subpath === './server' ? 'node' : 'browser',
      jsx: 'automatic',
      packages: 'external',
      logLevel: 'silent',
    })
    const packages = new Set<string>()
    for (const input of Object.values(metafile.inputs))
      for (const { path, external } of input.imports)
        if (external && !path.startsWith('node:'))
          packages.add(packageName(path))
    reached.set(subpath, packages)
  }
  return reached
}

const subpaths = [
  './passkey',
  './recovery',
  './export',
  './auth-proxy',
  './social-login',
  './walletconnect',
  './injected',
  './react',
  './names',
]

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
    await builtPackage()
    // Beside every other suite on a slow 2-core machine the build took over 2 minutes.
  }, 600_000)

  it('maps each public subpath to ESM and declarations, types first', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(
      [...subpaths, './server', './export-frame.html', './package.json'].sort(),
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

  it('marks the React entry, and only it, as client code for server components, in the built file too', () => {
    const firstStatement = (subpath: string) =>
      readFileSync(`${root}dist/esm/exports/${subpath}.js`, 'utf8')
        .split('\n')
        .find((line) => line.trim() && !line.startsWith('//'))
    expect(firstStatement('react')).toBe("'use client';")
    for (const subpath of subpaths)
      if (subpath !== './react')
        expect(firstStatement(subpath.slice(2))).not.toContain('use client')
  })

  it('gives TypeScript without exports support (moduleResolution node) the same declarations', () => {
    const declarations = manifest.typesVersions['*']
    expect(Object.keys(declarations).sort()).toEqual(
      [...subpaths, './server'].map((subpath) => subpath.slice(2)).sort(),
    )
    for (const [subpath, [types]] of Object.entries(declarations)) {
      const target = manifest.exports[`./${subpath}`] as { types: string }
      expect(types).toBe(target.types)
    }
  })

  it('ships the export frame as one self-hostable page pinned to the vendor signer', () => {
    const page = readFileSync(
      `${root}${manifest.exports['./export-frame.html'] as string}`,
      'utf8',
    )
    expect(page).toContain('Content-Security-Policy')
    expect(page).toContain("default-src 'none'")
    // The vendor's production enclave signer key, fixed at build time.
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
        'SwitchChainOnlyInWalletError',
        'SwitchChainNotSupportedError',
      ]),
    )
  })

  describe('packed', () => {
    let tarball: Uint8Array
    let paths: string[]

    beforeAll(async () => {
      // One `npm pack`, as `npm publish` makes it, for the file list and both checkers.
      const destination = mkdtempSync(join(tmpdir(), 'packed-'))
      const { stdout } = await run(
        'npm',
        ['pack', '--json', '--pack-destination', destination],
        { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      )
      const [packed] = JSON.parse(stdout) as [
        { filename: string; files: { path: string }[] },
      ]
      paths = packed.files.map(({ path }) => path)
      tarball = readFileSync(join(destination, packed.filename))
    }, 120_000)

    it('holds the built files, the source without its tests, the docs pages, README, CHANGELOG and LICENSE: no tests, fixtures or sandbox', () => {
      expect(
        paths.filter(
          (path) =>
            !['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].includes(
              path,
            ) &&
            !path.startsWith('dist/') &&
            !path.startsWith('src/') &&
            !/^docs\/[\w-]+\.md$/.test(path),
        ),
      ).toEqual([])
      expect(
        // The docs' pages describe the sandbox too; its code stays out.
        paths.filter(
          (path) =>
            !path.startsWith('docs/') &&
            /\.test\.|\/test\/|sandbox/i.test(path),
        ),
      ).toEqual([])
      for (const entry of [
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'LICENSE',
        'dist/esm/exports/passkey.js',
        'dist/types/exports/passkey.d.ts',
        'dist/export-frame/index.html',
        'src/exports/passkey.ts',
      ])
        expect(paths).toContain(entry)
    })

    it("every error's Docs line names a page the package holds", () => {
      const named = new Set<string>()
      for (const path of paths.filter(
        (p) => p.startsWith('src/') && p.endsWith('.ts'),
      ))
        for (const [, page] of readFileSync(join(root, path), 'utf8').matchAll(
          /docsPath: '([^'#]+)/g,
        ))
          named.add(page!)
      expect(named.size).toBeGreaterThan(0)
      for (const page of named) expect(paths).toContain(page)
    })

    it('passes publint, strict', async () => {
      // The tarball's own folder, as npm packs it.
      const { messages, pkg } = await publint({
        pkgDir: 'package',
        pack: { tarball: Uint8Array.from(tarball).buffer },
        strict: true,
      })
      expect(pkg).toMatchObject({ name: 'wagmi-connector-pack' })
      expect(messages).toEqual([])
    })

    it('passes Are the types wrong? for ESM consumers, every subpath', async () => {
      // The export frame is a page, not a module: there are no types to resolve.
      const result = await checkPackage(createPackageFromTarballData(tarball), {
        excludeEntrypoints: ['export-frame.html'],
      })
      if (!result.types) throw new Error('attw found no types in the package')
      expect(Object.keys(result.entrypoints).sort()).toEqual(
        [...subpaths, './server', './package.json'].sort(),
      )
      // The esm-only profile: CommonJS resolutions (node10, node16 from CJS) are not checked.
      expect(
        result.problems.filter(
          (problem) =>
            !(
              'resolutionKind' in problem &&
              ['node10', 'node16-cjs'].includes(problem.resolutionKind)
            ),
        ),
      ).toEqual([])
    })
  })

  it('names its release in errors and vendor requests: src/version.ts is package.json’s version', async () => {
    const { version } = await import('../../src/version.js')
    expect(version).toBe(manifest.version)
  })

  it('peers on what its subpaths import: wagmi, React and React Query only for /react, optional; no peer unused', async () => {
    const reached = await packagesBySubpath()
    const subpathsReaching = (name: string) =>
      [...reached]
        .filter(([, packages]) => packages.has(name))
        .map(([subpath]) => subpath)
    for (const peer of Object.keys(manifest.peerDependencies))
      expect(subpathsReaching(peer), peer).not.toEqual([])
    for (const peer of ['wagmi', '@tanstack/react-query', 'react']) {
      expect(subpathsReaching(peer), peer).toEqual(['./react'])
      expect(manifest.peerDependenciesMeta[peer]?.optional, peer).toBe(true)
    }
    for (const required of ['@wagmi/core', 'viem'])
      expect(manifest.peerDependenciesMeta[required]).toBeUndefined()
  })

  it('keeps internals private', async () => {
    await expect(
      importFromNode('wagmi-connector-pack/core/withTimeout'),
    ).rejects.toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED/)
  })

  it('imports wagmi-connector-pack/server in Node: the real handlers', async () => {
    expect(await importFromNode('wagmi-connector-pack/server')).toEqual([
      'BaseError',
      'GasSponsorshipLimitsError',
      'InvalidPasskeyBackendParameterError',
      'InvalidSessionScopeError',
      'SessionProfileConflictError',
      'createPasskeyBackend',
      'createRateLimit',
      'sessionScope',
    ])
  })

  describe('wagmi-connector-pack/server is server-only', () => {
    const server = manifest.exports['./server'] as Record<string, string>

    it('maps types first, the server runtimes before browser, and default to the real entry', () => {
      expect(Object.keys(server)).toEqual([
        'types',
        'workerd',
        'edge-light',
        'node',
        'browser',
        'default',
      ])
      for (const target of Object.values(server))
        expect(existsSync(`${root}${target}`)).toBe(true)
      expect(server.browser).toBe('./dist/esm/exports/server.browser.js')
      for (const condition of ['workerd', 'edge-light', 'node', 'default'])
        expect(server[condition]).toBe('./dist/esm/exports/server.js')
    })

    /** What a bundler makes of a host module that imports the subpath. */
    async function bundle(
      platform: 'browser' | 'node',
      conditions: string[] = [],
    ) {
      const result = await build({
        stdin: {
          contents:
            "import { createPasskeyBackend } from 'wagmi-connector-pack/server'\nexport const backend = () => createPasskeyBackend({})\n",
          resolveDir: root,
          loader: 'ts',
        },
        // As a host's bundler sees the package: by its exports, not our tsconfig paths.
        tsconfigRaw: {},
        bundle: true,
        format: 'esm',
        platform,
        conditions,
        write: false,
        logLevel: 'silent',
      })
      return result.outputFiles[0]!.text
    }
    const serverCode = 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8'
    const stub = 'wagmi-connector-pack/server is server-only'

    it('a browser bundle gets the throwing stub and no server code', async () => {
      const code = await bundle('browser')
      expect(code).toContain(stub)
      expect(code).not.toContain(serverCode)
      // The stub and its BaseError's viem and wagmi roots, which a wagmi app
      // bundles anyway; nothing of the vendor client or the handlers.
      expect(code).not.toContain('x-client-version')
      expect(code.length).toBeLessThan(12_000)
    })

    it.each([
      ['Node', 'node', []],
      [
        'Cloudflare Workers (workerd, worker, browser)',
        'browser',
        ['workerd', 'worker'],
      ],
      [
        'the Edge runtime (edge-light, worker, browser)',
        'browser',
        ['edge-light', 'worker'],
      ],
    ] as const)(
      '%s gets the real handlers',
      async (_, platform, conditions) => {
        const code = await bundle(platform, [...conditions])
        expect(code).toContain(serverCode)
        expect(code).not.toContain(stub)
      },
    )
  })
})
