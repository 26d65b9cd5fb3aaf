import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildExportFrame } from '../../scripts/buildExportFrame.js'
import { createLocalServer } from '../createLocalServer.js'

export type ExportFrameServer = { url: string; stop(): Promise<void> }

/**
 * The export frame, built to trust `signerPublicKey` (the emulator's enclave
 * key), served on 127.0.0.1: an IP origin, so a host page on `localhost`
 * embeds it cross-origin, as it would embed the vendor's hosted frame.
 */
export async function startExportFrameServer({
  signerPublicKey,
  frameAncestors = ['http://localhost:*'],
  parentOrigins = frameAncestors,
}: {
  signerPublicKey: string
  /** The host pages that may embed the frame (CSP `frame-ancestors`): the playground's by default. */
  frameAncestors?: readonly string[] | undefined
  /** The host pages the frame works in (its meta tag): the same by default. */
  parentOrigins?: readonly string[] | undefined
}): Promise<ExportFrameServer> {
  const outDir = await mkdtemp(join(tmpdir(), 'export-frame-'))
  const html = await buildExportFrame({
    signerPublicKey,
    parentOrigins,
    outDir,
  })
    .then((file) => readFile(file))
    .finally(() => rm(outDir, { recursive: true, force: true }))

  const server = createLocalServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://frame').pathname
    if (path !== '/') {
      response.writeHead(404).end()
      return
    }
    if (request.method !== 'GET') {
      response.writeHead(405, { Allow: 'GET' }).end()
      return
    }
    // Framed only by the host pages named: a <meta> CSP cannot say
    // frame-ancestors, so it is a header. The rest of the CSP is in the page.
    response.writeHead(200, {
      'Content-Security-Policy': `frame-ancestors ${frameAncestors.join(' ')}`,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': html.length,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    })
    response.end(html)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
