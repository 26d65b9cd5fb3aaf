import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'

/** The reference: wagmi's own connectors package, as published. */
export const referenceVersion = '8.2.0'
const root = new URL('../.sandbox/reference/', import.meta.url).pathname
const packageDir = `${root}node_modules/@wagmi/connectors`

/**
 * Fetches `@wagmi/connectors` from the npm registry into .sandbox/reference
 * (not a dependency: its optional peers conflict with this project's tree)
 * and returns the path of its walletConnect module. Its own imports resolve
 * from the project's node_modules, so both connectors share the same SDK.
 */
export function fetchWagmiConnectors() {
  if (!existsSync(`${packageDir}/package.json`)) {
    mkdirSync(packageDir, { recursive: true })
    const tarball = execFileSync(
      'npm',
      ['pack', `@wagmi/connectors@${referenceVersion}`, '--silent'],
      { cwd: root, encoding: 'utf8' },
    ).trim()
    execFileSync(
      'tar',
      ['xzf', tarball, '--strip-components=1', '-C', packageDir],
      {
        cwd: root,
      },
    )
  }
  return `${packageDir}/dist/esm/walletConnect.js`
}
