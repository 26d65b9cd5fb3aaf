import type { IncomingMessage } from 'node:http'

/** The JSON body of a request to the dev server's /api routes. */
export async function readJson(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}
