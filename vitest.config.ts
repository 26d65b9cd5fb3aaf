import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'sandbox/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'reliability',
          environment: 'happy-dom',
          include: [
            'test/reliability/*.test.ts',
            'test/reliability/badInput/*.test.ts',
          ],
        },
      },
      {
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
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/globalSetup.ts'],
          // WalletConnect's SDKs skip Verify and telemetry (outside services) in tests.
          env: { IS_VITEST: 'true' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
