import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './test/helpers/chromium.js'

export default defineConfig({
  projects: [
    { name: 'e2e', testDir: 'test/e2e' },
    // Each file starts its own playground: its faults stop and restart processes.
    { name: 'reliability', testDir: 'test/reliability/browser' },
  ],
  globalSetup: './test/e2e/globalSetup.ts',
  fullyParallel: false,
  workers: 1,
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
    trace: 'retain-on-failure',
  },
})
