// The few lines that put the handlers on Node's http server, Express or Connect.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

/** Node's request as a web Request, its body streamed (the handler caps it). */
export function toWebRequest(
  req: IncomingMessage & { originalUrl?: string },
): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers))
    for (const one of [value ?? []].flat()) headers.append(name, one)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(`http://localhost${req.originalUrl ?? req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : null,
    duplex: 'half',
  } as RequestInit)
}

/** A web Response written to Node's response. */
export async function sendWebResponse(res: ServerResponse, response: Response) {
  const headers = Object.fromEntries(response.headers)
  // A body the handler refused unread: close, so the next request starts clean.
  if (!res.req.complete) headers.connection = 'close'
  res.writeHead(response.status, headers)
  res.end(Buffer.from(await response.arrayBuffer()))
}
