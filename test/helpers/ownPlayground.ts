import { test as base } from '@playwright/test'
import {
  type Playground,
  startPlayground,
} from '../../playground/startPlayground.js'

/**
 * Playwright's `test` with a playground of its own per worker: for the
 * reliability files, whose faults crash and restart its processes, which
 * the e2e suite's shared playground must never see; and for social login's
 * file, whose ID tokens the vendor checks against its clock, which the
 * passkey files move on the shared playground. Files in one project whose
 * worker fixtures match share the worker, and so one playground.
 */
export const test = base.extend<object, { playground: Playground }>({
  playground: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameters.
    async ({}, use) => {
      const playground = await startPlayground({
        port: 0,
        strictPort: true,
        build: true,
      })
      await use(playground)
      await playground.stop()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ playground }, use) => use(playground.url),
})
