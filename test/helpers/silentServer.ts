import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A server that takes every request and never answers: what a hung vendor,
 * backend or proxy looks like from the page. `abandoned` counts requests
 * whose client hung up before an answer (a cancelled fetch).
 */
export async function startSilentServer() {
  const received: IncomingMessage[] = []
  let abandoned = 0
  const server = createServer((request) => {
    received.push(request)
    request.resume()
    request.socket.once('close', () => abandoned++)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    /** The paths asked, in order. */
    paths: () => received.map((request) => request.url),
    abandoned: () => abandoned,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
