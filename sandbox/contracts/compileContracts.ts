import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, posix, relative } from 'node:path'
import { parse } from 'smol-toml'
import type { Abi, Hex } from 'viem'

export type CompiledContract = { abi: Abi; bytecode: Hex }

const root = new URL('../../', import.meta.url).pathname

type FoundryProfile = {
  src: string
  libs?: string[]
  out: string
  solc_version: string
  evm_version: string
  optimizer: boolean
  optimizer_runs: number
}

/**
 * Compiles the contracts foundry.toml describes with the `solc` npm package
 * (forge would download solc, which this machine cannot). Results are cached
 * in the profile's `out` folder by the hash of sources and settings.
 */
export function compileContracts(): Promise<Record<string, CompiledContract>> {
  // The sandbox deploys to both chains at once: one compilation serves them all.
  running ??= compileAll().finally(() => {
    running = undefined
  })
  return running
}

let running: Promise<Record<string, CompiledContract>> | undefined

async function compileAll(): Promise<Record<string, CompiledContract>> {
  const profile = await readFoundryProfile()
  const sourceDir = join(root, profile.src)
  const files = (await readdir(sourceDir)).filter((f) => f.endsWith('.sol'))
  const sources = Object.fromEntries(
    await Promise.all(
      files.map(async (file) => [
        relative(root, join(sourceDir, file)),
        { content: await readFile(join(sourceDir, file), 'utf8') },
      ]),
    ),
  )
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: profile.evm_version,
      optimizer: { enabled: profile.optimizer, runs: profile.optimizer_runs },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const libraries = await librarySources(
    sources,
    (profile.libs ?? []).map((lib) => join(root, lib)),
  )
  const key = createHash('sha256')
    .update(JSON.stringify({ input, libraries, solc: profile.solc_version }))
    .digest('hex')
    .slice(0, 16)
  const cacheFile = join(root, profile.out, `contracts-${key}.json`)
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8'))
  } catch {
    // Not compiled yet with these sources and settings.
  }
  const contracts = await compile(input, libraries, profile.solc_version)
  await mkdir(join(root, profile.out), { recursive: true })
  await writeFile(cacheFile, JSON.stringify(contracts))
  return contracts
}

/**
 * Every library file the sources import, read from the profile's `libs`
 * folders (`@openzeppelin/contracts/…` from node_modules), so the cache key
 * changes when a library is upgraded and solc gets each file it asks for.
 */
async function librarySources(
  sources: Record<string, { content: string }>,
  libs: string[],
): Promise<Record<string, string>> {
  const found: Record<string, string> = {}
  const pending = Object.entries(sources).flatMap(([path, { content }]) =>
    importsOf(content, path),
  )
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (path in found || path in sources) continue
    const content = await readLibraryFile(path, libs)
    found[path] = content
    pending.push(...importsOf(content, path))
  }
  return found
}

/** The import paths of a Solidity file, relative ones resolved against `from`. */
function importsOf(content: string, from: string): string[] {
  return [...content.matchAll(/^\s*import\s+[^"']*["']([^"']+)["']/gm)].map(
    ([, path]) =>
      path!.startsWith('.')
        ? posix.normalize(posix.join(posix.dirname(from), path!))
        : path!,
  )
}

async function readLibraryFile(path: string, libs: string[]) {
  for (const lib of libs)
    try {
      return await readFile(join(lib, path), 'utf8')
    } catch {
      // Not in this library folder.
    }
  throw new Error(
    `solc: ${path} is in none of foundry.toml's libs (${libs.join(', ')})`,
  )
}

async function readFoundryProfile(): Promise<FoundryProfile> {
  const toml = parse(await readFile(join(root, 'foundry.toml'), 'utf8'))
  const profile = (toml.profile as { default?: FoundryProfile } | undefined)
    ?.default
  if (!profile?.src || !profile.out || !profile.solc_version)
    throw new Error(
      'foundry.toml: [profile.default] needs src, out and solc_version.',
    )
  return profile
}

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>
  >
}

async function compile(
  input: object,
  libraries: Record<string, string>,
  wantedVersion: string,
) {
  // Loaded on a cache miss only: solc is a large module.
  const solc: {
    version(): string
    compile(
      input: string,
      callbacks: {
        import(path: string): { contents: string } | { error: string }
      },
    ): string
  } = (await import('solc')).default
  const version = solc.version()
  if (!version.startsWith(`${wantedVersion}+`))
    throw new Error(
      `foundry.toml asks for solc ${wantedVersion} but the solc npm package is ${version}: align them (npm install -D solc@${wantedVersion}).`,
    )
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (path) =>
        path in libraries
          ? { contents: libraries[path]! }
          : { error: `${path} not found` },
    }),
  ) as SolcOutput
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? []
  if (errors.length > 0)
    throw new Error(
      `solc:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    )
  const contracts: Record<string, CompiledContract> = {}
  // The libraries' own contracts (OpenZeppelin's) are not the sandbox's to deploy.
  const ours = Object.entries(output.contracts).filter(
    ([path]) => path in (input as { sources: object }).sources,
  )
  for (const [, file] of ours)
    for (const [name, contract] of Object.entries(file))
      contracts[name] = {
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
      }
  return contracts
}
