import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'
import {
  isSessionDeletedTwice,
  isUnreadProposalExpiry,
} from './test/helpers/unhandledSdkRejections.js'

// wagmi 2, installed as `wagmi-v2`, and the @wagmi/core it depends on: the
// connectors' suites run against both majors.
const require = createRequire(import.meta.url)
const wagmi2 = require.resolve('wagmi-v2')
const wagmiCore2 = createRequire(wagmi2).resolve('@wagmi/core')

/** The suites that run a second time on wagmi 2: every connector's and the panels'. */
const wagmi2Suites = [
  'test/integration/accountName.test.ts',
  'test/integration/passkeyCalls.test.ts',
  'test/integration/passkeyDeadlines.test.ts',
  'test/integration/passkeyLifecycleRaces.test.ts',
  'test/integration/passkeyProviderMethods.test.ts',
  'test/integration/passkeySessionRevocation.test.ts',
  'test/integration/walletConnectDeepLink.test.ts',
  'test/integration/injectedWalletCalls.test.ts',
  'src/injected/injectedWallet.test.ts',
  'src/injected/injectedWallets.test.ts',
  'src/react/panels.client.test.tsx',
  'src/react/panels.ssr.test.tsx',
  'src/react/useInjectedWallets.client.test.tsx',
  'src/react/useAccountName.test.tsx',
  'test/helpers/wagmiMajor.test.ts',
]

export default defineConfig({
  test: {
    // `npm test` runs its suites side by side on a small machine: a test, or a
    // condition it polls for, may take longer there than vitest's defaults.
    expect: { poll: { timeout: 15_000 } },
    testTimeout: 30_000,
    // The WalletConnect SDK's rejections that nothing can read (see the
    // helpers); every other unhandled error still fails the run.
    onUnhandledError: (error) =>
      !(isSessionDeletedTwice(error) || isUnreadProposalExpiry(error)),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // A file that needs a DOM says so (`@vitest-environment happy-dom`).
          environment: 'node',
          // Files share each worker's loaded modules: loading them afresh for
          // every file took half of the project's CPU. A file that needs a
          // module's state new (a page's lifetime) calls vi.resetModules().
          isolate: false,
          // A test that imports the pack's subpaths or chunks first has taken
          // over 30 s beside npm test's other runners on two cores; so has a
          // hook that loads a page's modules afresh (vi.resetModules()), which
          // then failed every test of its file at the default 10 s.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'test/helpers/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          environment: 'node',
          // Each file on its own modules and page: its cases stub the page's
          // globals (URL, navigator, wallets), and in a shared worker a file
          // that met another's leftovers failed, then lost its worker
          // ("Worker exited unexpectedly", SIGTERM), in 3 of 5 npm test runs.
          isolate: true,
          // A thread per file, not a process: on
          // a loaded machine, a new process once took over vitest's 60 s to
          // start ("Failed to start forks worker"). Threads also load in less
          // CPU (alone, 40 → 32 CPU-s).
          pool: 'threads',
          include: [
            'test/reliability/*.test.ts',
            'test/reliability/badInput/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        // Faults, load and security checks against sandbox processes the tests own.
        test: {
          name: 'reliability-node',
          environment: 'node',
          include: ['test/reliability/node/**/*.test.ts'],
          globalSetup: ['test/integration/globalSetup.ts'],
          env: { IS_VITEST: 'true' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          // As the unit project: its files share the worker's loaded modules
          // (loading them afresh took 156 of its 598 s in npm test). The files
          // that mock a module (vi.mock) get it mocked all the same.
          isolate: false,
          // Its own project, so that `npm test` runs it beside the others.
          exclude: [
            'test/integration/bench.test.ts',
            'test/integration/weight.test.ts',
            'test/integration/weightInBrowser.test.ts',
          ],
          globalSetup: ['test/integration/globalSetup.ts'],
          // WalletConnect's SDKs skip Verify and telemetry (outside services) in tests.
          env: { IS_VITEST: 'true' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        resolve: {
          alias: [
            { find: /^wagmi$/, replacement: wagmi2 },
            { find: /^@wagmi\/core$/, replacement: wagmiCore2 },
          ],
        },
        test: {
          name: 'wagmi2',
          environment: 'node',
          include: wagmi2Suites,
          isolate: false,
          globalSetup: ['test/integration/globalSetup.ts'],
          env: { IS_VITEST: 'true', WAGMI_MAJOR: '2' },
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The size budgets (bench/budgets.json): the builds, and each connect flow in Chromium against the sandbox.
        test: {
          name: 'bench',
          environment: 'node',
          include: [
            'test/integration/weight.test.ts',
            'test/integration/weightInBrowser.test.ts',
          ],
          // Builds beside every other suite on a 2-core machine: hang guards, not timings.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        // `npm run test:bench`: the whole bench's quick run, every figure measured
        // and reported (its own sandbox, pages and browser). Apart from `npm test`:
        // beside every other suite on a 2-core machine it took over 10 minutes.
        test: {
          name: 'bench-smoke',
          environment: 'node',
          include: ['test/integration/bench.test.ts'],
        },
      },
    ],
  },
})
