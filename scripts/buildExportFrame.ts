/**
 * The export frame as one self-contained `index.html`: the bundled
 * src/exportFrame/main.ts and its styles inline, allowed by hash in a CSP
 * that forbids everything else (no network, no other script).
 * `node --import tsx scripts/buildExportFrame.ts` builds
 * dist/export-frame/index.html with the vendor's production signer key.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, transform } from 'esbuild'

const productionSignerPublicKey =
  '04cf288fe433cc4e1aa0ce1632feac4ea26bf2f5a09dcfe5a42c398e06898710330f0572882f4dbdf0f5304b8fc8703acd69adca9a4bbf7f5d00d20a5e364b2569'
const source = (path: string) =>
  fileURLToPath(new URL(`../src/exportFrame/${path}`, import.meta.url))
const hash = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** An origin, or a loopback host on any port (`http://localhost:*`). */
const parentOrigin =
  /^(https:\/\/[a-z0-9.-]+(:\d+)?|http:\/\/(localhost|127\.0\.0\.1)(:\d+|:\*)?|https:\/\/[a-z0-9.-]+:\*)$/

/**
 * Builds `outDir/index.html` for frames trusting `signerPublicKey` and
 * working only inside pages on `parentOrigins`; returns its path.
 */
export async function buildExportFrame({
  signerPublicKey,
  parentOrigins = [],
  outDir,
}: {
  /** Uncompressed P-256 hex (130 characters, `04…`) of the enclave that signs export bundles. */
  signerPublicKey: string
  /**
   * The host pages that may use the frame, written into its
   * `wagmi-connector-pack-parent-origins` meta tag; none by default (the
   * packaged file), which its self-hoster fills in.
   */
  parentOrigins?: readonly string[] | undefined
  outDir: string
}): Promise<string> {
  if (!/^04[0-9a-f]{128}$/i.test(signerPublicKey))
    throw new Error(
      `signerPublicKey must be an uncompressed P-256 key: 130 hex characters starting with 04, got "${signerPublicKey}".`,
    )
  const badOrigin = parentOrigins.find((origin) => !parentOrigin.test(origin))
  if (badOrigin !== undefined)
    throw new Error(
      `parentOrigins: "${badOrigin}" is not an origin (https://host[:port], or http://localhost[:port|:*]).`,
    )
  const { outputFiles } = await build({
    entryPoints: [source('main.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    write: false,
    define: {
      __EXPORT_SIGNER_PUBLIC_KEY__: JSON.stringify(
        signerPublicKey.toLowerCase(),
      ),
    },
  })
  const script = outputFiles[0]!.text.trim()
  const { code } = await transform(await readFile(source('styles.css')), {
    loader: 'css',
    minify: true,
  })
  const style = code.trim()
  if (/<\/(script|style)/i.test(script + style))
    throw new Error('The export frame code would end its inline tag early.')
  const policy = [
    "default-src 'none'",
    `script-src ${hash(script)}`,
    `style-src ${hash(style)}`,
    "require-trusted-types-for 'script'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="referrer" content="no-referrer">
<meta name="wagmi-connector-pack-parent-origins" content="${parentOrigins.join(' ')}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wallet export</title>
<style>${style}</style>
</head>
<body>
<script>${script}</script>
</body>
</html>
`
  await mkdir(outDir, { recursive: true })
  const file = join(outDir, 'index.html')
  await writeFile(file, html)
  return file
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = await buildExportFrame({
    signerPublicKey: productionSignerPublicKey,
    outDir: fileURLToPath(new URL('../dist/export-frame/', import.meta.url)),
  })
  console.log(`Export frame written to ${file}`)
}
