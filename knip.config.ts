import { dirname, join, relative } from 'node:path'
import type { KnipConfig } from 'knip'

const playgroundRoot = join(import.meta.dirname, 'playground')

/**
 * An HTML page as the imports of its module scripts, so each page is an entry
 * as the browser loads it: `src="./x"` is from the page, `src="/x"` from the
 * page's Vite root (the playground's for its pages, else the page's folder, as
 * bench/hostApp/buildHostApp.ts builds them).
 */
function htmlModuleScripts(html: string, page: string): string {
  const imports: string[] = []
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/g)) {
    const src = attributes!.match(/\bsrc="([^"]+)"/)?.[1]
    if (!src || !/\btype="module"/.test(attributes!)) continue
    const root = page.startsWith(`${playgroundRoot}/`)
      ? playgroundRoot
      : dirname(page)
    const path = src.startsWith('/')
      ? relative(dirname(page), join(root, src))
      : src
    imports.push(`import '${path.startsWith('.') ? path : `./${path}`}'`)
  }
  return imports.join('\n')
}

// package.json scripts add their own entries (sandbox/cli.ts,
// sandbox/wallet/cli.ts, playground/cli.ts, bench/run.ts, scripts/test.ts,
// scripts/buildExportFrame.ts, scripts/checkImports.ts), and the Vite, Vitest
// and Playwright plugins add their configs, test files and global setups.
const config: KnipConfig = {
  entry: [
    // The public API: package.json "exports" (built to dist/).
    'src/exports/*.ts',
    // The setup command: package.json "bin" (built to dist/).
    'src/server/setupBin.ts',
    // Bundled by scripts/buildExportFrame.ts through esbuild's entryPoints.
    'src/exportFrame/main.ts',
    // Pages Vite serves (the playground and its harnesses) or builds (the
    // bench's host app).
    'playground/**/*.html',
    'bench/**/*.html',
    // The connect kits' example apps (docs/kits.md), built by playground/buildKitExample.ts.
    'docs/examples/kits/*/index.html',
    // The docs' code examples (shown in README.md and docs/*.md), type-checked by tsconfig.docs.json.
    'docs/examples/**/*.{ts,tsx}',
  ],
  // docs/nextjs.md's app: its pages and layout are Next.js's entries, not imports.
  next: { entry: ['docs/examples/nextjs/app/**/{page,layout}.tsx'] },
  compilers: { html: htmlModuleScripts },
  // Not at the root: startPlayground() hands it to Vite's createServer.
  vite: { config: ['playground/vite.config.ts'] },
  ignoreDependencies: [
    // Never imported: installed for its per-platform optional dependencies,
    // whose binary sandbox/anvil/findAnvilBinary.ts resolves by a computed name.
    '@foundry-rs/anvil',
    // Solidity, not JavaScript: test/contracts import it, and
    // sandbox/contracts/compileContracts.ts reads it from node_modules for solc.
    '@openzeppelin/contracts',
    // Not a package: an alias bench/hostApp/buildHostApp.ts gives Vite for
    // wagmi's published walletConnect (bench/fetchWagmiConnectors.ts).
    'wagmi-reference',
  ],
}

export default config
