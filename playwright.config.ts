import { availableParallelism } from 'node:os'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './test/helpers/chromium.js'

/** The e2e files of the browser and WalletConnect wallets: no vendor, no shared sender. */
const walletFiles = [
  'injected.spec.ts',
  'walletConnect.spec.ts',
  'walletConnectHost.spec.ts',
]

/** Social login's file: on the reliability files' playground (test/helpers/ownPlayground.ts). */
const socialFile = 'socialLogin.spec.ts'

export default defineConfig({
  // Two workers, each project on one at a time. The e2e files share one
  // playground and run in series (the passkey files move its vendor's
  // clock): they are the longest line. The other worker takes the files
  // with a playground of their own (own-playground): the reliability files,
  // whose faults stop and restart its processes, and social login's file,
  // whose ID tokens the vendor checks against a clock no passkey file has
  // moved; one playground for all of them, as their worker fixtures match.
  // The browser-wallet files (e2e-wallets) come after: they use the e2e
  // files' playground but neither its vendor nor a dev account the others
  // send from, so they fill whichever worker is free first. Last, the
  // Next.js app's file, with a sandbox of its own.
  projects: [
    {
      name: 'e2e',
      testDir: 'test/e2e',
      testIgnore: ['nextjs.spec.ts', socialFile, ...walletFiles],
      workers: 1,
    },
    {
      name: 'own-playground',
      testDir: 'test',
      testMatch: ['**/reliability/browser/*.spec.ts', `**/e2e/${socialFile}`],
      workers: 1,
    },
    {
      name: 'e2e-wallets',
      testDir: 'test/e2e',
      testMatch: walletFiles,
      workers: 1,
    },
    {
      name: 'e2e-nextjs',
      testDir: 'test/e2e',
      testMatch: 'nextjs.spec.ts',
      workers: 1,
    },
  ],
  globalSetup: './test/e2e/globalSetup.ts',
  fullyParallel: false,
  // One worker per project group, as far as the cores go.
  workers: Math.min(2, availableParallelism()),
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [['list'], ['json']]
    : 'list',
  use: {
    // Set by the global setup once the playground is up.
    baseURL: process.env.PLAYGROUND_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // A failed test keeps its trace's actions, console and network, but no
    // screenshots and no DOM snapshots: both are taken in every test, passed
    // or not. The screencast took a third of Chromium's CPU
    // (passkeyWallet.spec.ts: 39–48 → 26–31 Chromium CPU-s); the snapshots up
    // to a sixth of the whole run's (passkeyWallet, recovery and exportPanel specs:
    // 59–66 → 55–56 CPU-s).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // As a user who asked for reduced motion: the spinners stand still, so
    // Chromium draws no frames while a test waits (two specs: 131 → 109 CPU-s).
    reducedMotion: 'reduce',
  },
})
