import { existsSync } from 'node:fs'

/** Debian's Chromium (`apt-get install chromium`) or CHROMIUM_PATH; never a downloaded browser. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path))
    throw new Error(
      `Chromium not found at ${path}. Install it with \`apt-get install chromium\` or set CHROMIUM_PATH.`,
    )
  return path
}

/** Flags for a closed network: no background calls home, no sandbox as root. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]
