import { createServer, type RequestListener, type Server } from 'node:http'

/**
 * An HTTP server for the sandbox's services. Node closes an idle keep-alive
 * connection after 5 s and fetch reuses one for 4 s, so a client whose event
 * loop stalls a second (a loaded machine) sends on a socket the server is
 * closing and gets ECONNRESET. A minute makes that gap one no test waits in.
 */
export function createLocalServer(listener: RequestListener): Server {
  const server = createServer(listener)
  server.keepAliveTimeout = 60_000
  return server
}
