import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = new URL('../../', import.meta.url).pathname
// Beside the dependencies, not in dist/: what dist/ holds is published.
const stampFile = join(root, 'node_modules/.wagmi-connector-pack-built-from')
const lock = join(root, 'node_modules/.wagmi-connector-pack-build-lock')
const lockLimitMs = 10 * 60_000

/** Everything the build reads, hashed: dist/ is current when its stamp matches. */
function sourceHash() {
  const hash = createHash('sha256')
  const files = [
    'package.json',
    'tsconfig.base.json',
    'tsconfig.build.json',
    'scripts/buildExportFrame.ts',
    ...readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .map((file) => `src/${file}`)
      .filter((file) => statSync(join(root, file)).isFile())
      .sort(),
  ]
  for (const file of files)
    hash.update(file).update(readFileSync(join(root, file)))
  return hash.digest('hex')
}

function tryLock() {
  try {
    mkdirSync(lock)
    return true
  } catch {
    // A holder that died long ago leaves its lock: it no longer counts.
    // (It may also have just been released: then the next try takes it.)
    const held = statSync(lock, { throwIfNoEntry: false })
    if (held && Date.now() - held.mtimeMs > lockLimitMs)
      rmSync(lock, { recursive: true, force: true })
    return false
  }
}

/**
 * `npm run build` into dist/, what the package publishes, unless dist/ was
 * built from the same sources. Suites in other processes (the package's own
 * test, the Next.js example) need it at the same time: one builds while the
 * others wait, so none reads a file the build is rewriting.
 */
export async function builtPackage(): Promise<void> {
  const deadline = Date.now() + lockLimitMs
  while (!tryLock()) {
    if (Date.now() > deadline)
      throw new Error(`builtPackage: ${lock} was held for 10 minutes.`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  try {
    const hash = sourceHash()
    const current =
      existsSync(join(root, 'dist')) &&
      existsSync(stampFile) &&
      readFileSync(stampFile, 'utf8') === hash
    if (current) return
    await run('npm', ['run', 'build'], { cwd: root })
    writeFileSync(stampFile, hash)
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
