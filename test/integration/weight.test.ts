import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import {
  type Budgets,
  connectFlowsOverBudget,
  overBudget,
  type RenderingBudgets,
  renderingOverBudget,
} from '../../bench/overBudget.js'
import { esbuildProductionBuild, weight } from '../../bench/weight.js'
import {
  esbuildFirstLoadFiles,
  staticClosure,
  weightRendering,
} from '../../bench/weightRendering.js'
import {
  chunksByName,
  viteProductionBuild,
  weightWithVite,
} from '../../bench/weightWithVite.js'

const { budgets, renderingHost } = JSON.parse(
  readFileSync(new URL('../../bench/budgets.json', import.meta.url), 'utf8'),
) as { budgets: Budgets; renderingHost: RenderingBudgets }

// Bytes are deterministic (the lockfile's dependencies, esbuild, gzip): a
// budget is a test that fails, unlike a timing.
it('every subpath and the whole pack stay within bench/budgets.json', async () => {
  const only = Object.keys(budgets)
  const [results, viteResults] = await Promise.all([
    weight({ only }),
    weightWithVite({ only }),
  ])
  expect(overBudget(results, viteResults, budgets)).toEqual([])
  // Many builds: on a busy 2-core machine beside the other suites this is a hang guard, not a timing.
}, 600_000)

// The README's configuration in an app that renders, under each bundler's defaults.
it("a rendering host stays within bench/budgets.json under esbuild, Vite and Next.js, its panels' bodies out of the first load", async () => {
  const rows = await weightRendering()
  expect(renderingOverBudget(rows, renderingHost)).toEqual([])
  // A panel's body (its steps, styles and their helpers) loads once the panel is mounted.
  const bodies =
    /^src\/react\/(RecoveryPanelBody|ExportPanelBody|RecoverySteps|panelStyles|describeError|useFocusOnChange|useEmailVerification)\./
  const measured = rows.filter((row) => row.modulesAdded)
  expect(measured.map((row) => row.bundler)).toEqual([
    'esbuild',
    'Vite',
    'Next.js',
  ])
  expect(
    measured.flatMap((row) =>
      row
        .modulesAdded!.filter(({ module }) => bodies.test(module))
        .map(({ module }) => `${row.bundler}: ${module}`),
    ),
  ).toEqual([])
  expect(
    measured.every((row) =>
      row.modulesAdded!.some(
        ({ module }) => module === 'src/react/LazyPanel.tsx',
      ),
    ),
  ).toBe(true)
  // Next.js builds beside every other suite: a hang guard, not a timing.
}, 600_000)

it('a rendering host over its budget is named with its bytes or files and its budget', () => {
  const row = (
    bundler: 'esbuild' | 'Vite',
    firstLoadAdded: number,
    files: number,
  ) => ({
    bundler,
    bundle: 'whole pack',
    firstLoad: 0,
    firstLoadAdded,
    files,
    asOneFileAdded: firstLoadAdded,
  })
  expect(
    renderingOverBudget([row('esbuild', 7000, 3), row('Vite', 6000, 12)], {
      esbuild: { firstLoadAdded: 6144, files: 3 },
      Vite: { firstLoadAdded: 6144, files: 2 },
      'Next.js': { firstLoadAdded: 6144, files: 2 },
    }),
  ).toEqual([
    "esbuild: the rendering host's first load adds 7000 B, over its budget of 6144 B (bench/budgets.json)",
    "Vite: the rendering host's first load is 12 files, over its budget of 2 (bench/budgets.json)",
    'Next.js: not measured by bench/weightRendering.ts',
  ])
})

it('a bundle over its budget is named with its bytes and its budget', () => {
  const result = {
    bundle: 'whole pack',
    firstLoad: 0,
    firstLoadAdded: 7000,
    everything: 0,
    everythingAdded: 10,
  }
  const vite = {
    bundle: 'whole pack',
    firstLoad: 0,
    firstLoadAdded: 9000,
    files: 3,
  }
  const budget = {
    firstLoadAdded: 6144,
    everythingAdded: 10,
    viteFirstLoadAdded: 8000,
  }
  expect(
    overBudget([result], [vite], { 'whole pack': budget, missing: budget }),
  ).toEqual([
    'whole pack: firstLoadAdded 7000 B, over its budget of 6144 B (bench/budgets.json)',
    'whole pack: viteFirstLoadAdded 9000 B, over its budget of 8000 B (bench/budgets.json)',
    'missing: not measured by bench/weight.ts',
  ])
})

it('a connect flow over its budget is named with its bytes and its budget', () => {
  const row = (bundle: string, jsBytesAdded: number) => ({
    bundle,
    jsBytesFetched: 0,
    jsBytesAdded,
    requests: 1,
  })
  expect(
    connectFlowsOverBudget(
      [row('passkeyWallet', 16_500), row('injectedWallet', 6000)],
      {
        passkeyWallet: { connectFetchedAdded: 16_384 },
        injectedWallet: { connectFetchedAdded: 6400 },
        walletConnectDeepLink: { connectFetchedAdded: 1 },
      },
    ),
  ).toEqual([
    'passkeyWallet: connectFetchedAdded 16500 B, over its budget of 16384 B (bench/budgets.json)',
    'walletConnectDeepLink: not measured by bench/weightInBrowser.ts',
  ])
})

// WalletConnect's lazy code resolves wallet ids through the whole registry:
// that must not bring every descriptor into the first load beside metamask.
const onePage = [
  "import { injectedWallet, metamask } from 'wagmi-connector-pack/injected'",
  "import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'",
  `globalThis.connectors = [injectedWallet({ wallet: metamask }), walletConnectDeepLink({ projectId: '${'0'.repeat(32)}' })]`,
].join('\n')

const externals = ['@wagmi/core', 'viem', '@walletconnect/sign-client']

/** `page` built by esbuild for production, split at its dynamic imports (externals left out). */
const splitByEsbuild = (page: string) =>
  esbuildProductionBuild(page, { dynamicImports: 'split', external: externals })

/** The first load (entry and its static imports) of `page`, as a bundler splits it for production. */
const bundlers: Record<string, (page: string) => Promise<string>> = {
  esbuild: async (page) => {
    const { outputFiles, metafile } = await splitByEsbuild(page)
    const first = esbuildFirstLoadFiles(metafile, /page\.js$/)
    return outputFiles
      .filter((file) => first.has(relative(process.cwd(), file.path)))
      .map((file) => file.text)
      .join('\n')
  },
  Vite: async (page) => {
    const chunks = chunksByName(
      await viteProductionBuild(page, { external: externals }),
    )
    const first = staticClosure(
      [...chunks.values()].find((chunk) => chunk.isEntry)!.fileName,
      // Externals (wagmi, viem, the SDK) are the host's, not chunks.
      (file) =>
        chunks.get(file)!.imports.filter((imported) => chunks.has(imported)),
    )
    return [...first].map((file) => chunks.get(file)!.code).join('\n')
  },
}

it.each(Object.keys(bundlers))(
  'the first load of a page that imports one wallet descriptor carries no other wallet of the registry, built by %s',
  async (bundler) => {
    const directory = mkdtempSync(join(tmpdir(), 'one-wallet-'))
    const page = join(directory, 'page.js')
    writeFileSync(page, onePage)
    const firstLoad = await bundlers[bundler]!(page).finally(() =>
      rmSync(directory, { recursive: true, force: true }),
    )
    expect(firstLoad).toContain('https://metamask.io/download/')
    for (const other of ['rabby.io', 'bkcode.vip', 'link.trustwallet.com'])
      expect(firstLoad).not.toContain(other)
  },
  30_000,
)

/** `source` as a page, built by esbuild split: its metafile. */
async function metafileOf(source: string) {
  const directory = mkdtempSync(join(tmpdir(), 'page-'))
  const page = join(directory, 'page.js')
  writeFileSync(page, source)
  const { metafile } = await splitByEsbuild(page).finally(() =>
    rmSync(directory, { recursive: true, force: true }),
  )
  return metafile
}

/** The source modules of `chunks` of `metafile`, by their path under src/. */
const modulesOf = (
  metafile: Awaited<ReturnType<typeof metafileOf>>,
  chunks: Iterable<string>,
) =>
  [...chunks].flatMap((chunk) =>
    Object.keys(metafile.outputs[chunk]!.inputs).map((input) =>
      input.replace(/^.*?src\//, 'src/'),
    ),
  )

/** `source` as a page, built by esbuild split: the modules of the chunks that `entries` load statically. */
async function modulesLoadedBy(source: string, entries: RegExp[]) {
  const metafile = await metafileOf(source)
  return modulesOf(
    metafile,
    new Set(
      entries.flatMap((entry) => [...esbuildFirstLoadFiles(metafile, entry)]),
    ),
  )
}

const passkeyPage = [
  "import { passkeyWallet } from 'wagmi-connector-pack/passkey'",
  "globalThis.connector = passkeyWallet({ organizationId: '00000000-0000-4000-8000-000000000000', createAccount: async () => ({ subOrganizationId: '' }) })",
].join('\n')

// A sign-up loads the connector and its runtime, nothing a later step needs:
// esbuild puts every module a subpath's entry re-exports in the first load.
it('a passkey sign-up loads no request, recovery, export or Auth Proxy code (esbuild, split)', async () => {
  const modules = await modulesLoadedBy(passkeyPage, [
    /page\.js$/,
    /passkey\/passkeyRuntime\.ts$/,
  ])
  expect(modules).toContain('src/passkey/passkeyCeremonies.ts')
  expect(
    modules.filter((module) =>
      [
        'src/passkey/passkeyProvider.ts',
        'src/recovery/errors.ts',
        'src/recovery/RecoveryNotConfiguredError.ts',
        'src/export/errors.ts',
        'src/turnkey/AuthProxyError.ts',
        'src/turnkey/httpStatusText.ts',
      ].includes(module),
    ),
  ).toEqual([])
}, 300_000)

// Social login is the host's to import: a host without it deploys none of its code, in any chunk.
it('a passkey host without socialLogin bundles no social-login code in any chunk; one with it loads its sign-in with the runtime (esbuild, split)', async () => {
  const everyModule = async (source: string) => {
    const metafile = await metafileOf(source)
    return modulesOf(metafile, Object.keys(metafile.outputs))
  }
  const socialLoginCode = (module: string) =>
    module.startsWith('src/oidc/') ||
    [
      'src/passkey/socialLogin.ts',
      'src/passkey/oidcLogIn.ts',
      'src/passkey/oidcParameters.ts',
      'src/passkey/providerLinks.ts',
      'src/passkey/providerRecovery.ts',
      'src/passkey/signInStore.ts',
    ].includes(module)
  const without = await everyModule(passkeyPage)
  expect(without).toContain('src/passkey/passkeyRuntime.ts')
  expect(without.filter(socialLoginCode)).toEqual([])

  const withProviders = [
    passkeyPage.split('\n')[0],
    "import { socialLogin } from 'wagmi-connector-pack/social-login'",
    "globalThis.connector = passkeyWallet({ organizationId: '00000000-0000-4000-8000-000000000000', createAccount: async () => ({ subOrganizationId: '' }), oidc: socialLogin({ providers: [{ id: 'google', clientId: 'app' }] }) })",
  ].join('\n')
  expect(
    new Set((await everyModule(withProviders)).filter(socialLoginCode)),
  ).toEqual(
    new Set([
      'src/passkey/socialLogin.ts',
      'src/oidc/signInAnswer.ts',
      'src/oidc/errors.ts',
      'src/oidc/providers.ts',
      'src/oidc/authorization.ts',
      'src/oidc/signInNavigation.ts',
      'src/oidc/signInWindow.ts',
      'src/passkey/oidcLogIn.ts',
      'src/passkey/oidcParameters.ts',
      'src/passkey/providerLinks.ts',
      'src/passkey/providerRecovery.ts',
      'src/passkey/signInStore.ts',
    ]),
  )
  // Its first load holds socialLogin(), the redirect's answer check and the
  // error class its entry exports (esbuild keeps an entry's classes), not the sign-in.
  const firstLoad = await modulesLoadedBy(withProviders, [/page\.js$/])
  expect(firstLoad.filter(socialLoginCode).sort()).toEqual([
    'src/oidc/errors.ts',
    'src/oidc/signInAnswer.ts',
    'src/passkey/socialLogin.ts',
  ])
}, 300_000)

// Options are checked with the code that uses them: a page pays nothing for the checks until then.
it('the first load carries no option checks; the passkey runtime and the WalletConnect session bring them (esbuild, split)', async () => {
  const page = [
    passkeyPage,
    "import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'",
    `globalThis.walletConnect = walletConnectDeepLink({ projectId: '${'0'.repeat(32)}' })`,
  ].join('\n')
  // (Their error classes stay within reach: each subpath exports its own for instanceof checks.)
  const checks = [
    'src/passkey/passkeyParameters.ts',
    'src/walletconnect/walletConnectParameters.ts',
  ]
  const firstLoad = await modulesLoadedBy(page, [/page\.js$/])
  expect(firstLoad).toContain('src/passkey/passkeyWallet.ts')
  expect(firstLoad.filter((module) => checks.includes(module))).toEqual([])
  const withLazyCode = await modulesLoadedBy(page, [
    /page\.js$/,
    /passkey\/passkeyRuntime\.ts$/,
    /walletconnect\/walletConnectRuntime\.ts$/,
  ])
  expect(withLazyCode.filter((module) => checks.includes(module))).toEqual(
    expect.arrayContaining(checks),
  )
}, 300_000)
