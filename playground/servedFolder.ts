import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { Connect, Plugin } from 'vite'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

/**
 * A folder of built files, on the playground's own origin at `base` (the dev
 * server's and the preview's). `folder` gives the folder once it is built: a
 * request waits for it, and a build that failed answers 500 with its reason.
 */
export function servedFolder(
  base: string,
  folder: () => Promise<string>,
): Plugin {
  const serve: Connect.NextHandleFunction = (request, response, next) => {
    const path = request.url?.split('?')[0] ?? ''
    // The folder's own address without its slash: its page's relative links need the slash.
    if (`${path}/` === base) {
      response.writeHead(308, { location: base }).end()
      return
    }
    if (!path.startsWith(base)) return next()
    let relative: string
    try {
      relative = normalize(
        decodeURIComponent(path.slice(base.length)) || 'index.html',
      )
    } catch {
      return next()
    }
    if (relative.startsWith('..')) return next()
    folder().then(
      (built) =>
        readFile(join(built, relative)).then(
          (body) => {
            response.setHeader(
              'content-type',
              contentTypes[extname(relative)] ?? 'application/octet-stream',
            )
            response.end(body)
          },
          () => next(),
        ),
      (error: Error) => {
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`${base} could not be built: ${error.message}`)
      },
    )
  }
  return {
    name: `wagmi-connector-pack:served-folder:${base}`,
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  }
}
