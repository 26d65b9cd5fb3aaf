import { devices } from '@playwright/test'

/** A phone's viewport, user agent and touch, in the one browser the tests run (Debian Chromium). */
export function phoneDevice(name: string) {
  const { defaultBrowserType: _, ...emulation } = devices[name]!
  return emulation
}
