import { accessSync, chmodSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const platformPackages: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

/**
 * The anvil binary shipped in the platform package of `@foundry-rs/anvil`.
 * Found directly because npm may skip the wrapper's postinstall script.
 */
export function findAnvilBinary(): string {
  const platform = `${process.platform}-${process.arch}`
  const packageName = platformPackages[platform]
  if (!packageName)
    throw new Error(`anvil: no @foundry-rs/anvil build for ${platform}.`)
  const require = createRequire(import.meta.url)
  let packageJson: string
  try {
    packageJson = require.resolve(`${packageName}/package.json`)
  } catch {
    throw new Error(
      `anvil: ${packageName} is not installed. Run \`npm install\` on this ${platform} machine (it is an optional dependency of @foundry-rs/anvil).`,
    )
  }
  const binary = join(
    dirname(packageJson),
    'bin',
    process.platform === 'win32' ? 'anvil.exe' : 'anvil',
  )
  try {
    accessSync(binary, constants.X_OK)
  } catch {
    // Some package managers unpack without the executable bit.
    chmodSync(binary, 0o755)
  }
  return binary
}
