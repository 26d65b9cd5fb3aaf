import { createServer } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  type Playground,
  startPlayground,
} from '../../../playground/startPlayground.js'

let playground: Playground
beforeAll(async () => {
  playground = await startPlayground({ port: 0, strictPort: true })
}, 90_000)
afterAll(() => playground.stop())

/** Whether a TCP connection to `host:port` is accepted. */
function accepts(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.setTimeout(2_000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Every service URL in `value` (a `…url`/`…Url` field, or an entry of
 * `rpcUrls`), by the path that leads to it; other URLs (allowed origins) are not listeners.
 */
function urlsIn(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string')
    return /^(https?|wss?):\/\//.test(value) &&
      /(^|\.)(url|\w+Url|rpcUrls\.\d+)$/.test(path)
      ? [[path, value]]
      : []
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, inner]) =>
    urlsIn(inner, path ? `${path}.${key}` : key),
  )
}

/**
 * Addresses of this machine other than 127.0.0.1. 127.0.0.2 is always one
 * (all of 127.0.0.0/8 reaches the loopback device), so the check never runs empty.
 */
const otherAddresses = [
  '127.0.0.2',
  ...Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal)
    .map((address) => address!.address),
]

it('the probe works: a server on every address is reached through each other address', async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve))
  const { port } = server.address() as { port: number }
  try {
    for (const address of otherAddresses.filter((a) => !a.includes(':')))
      expect(await accepts(address, port), address).toBe(true)
  } finally {
    server.close()
  }
})

it('every listener of the sandbox and the playground is on 127.0.0.1 only: another address of this machine is refused', async () => {
  const services = [
    ['playground (Vite)', playground.url],
    ...urlsIn(playground.sandbox, 'sandbox'),
  ] as [string, string][]
  const ports = new Map<number, string>()
  for (const [name, url] of services) {
    const { port } = new URL(url)
    if (port) ports.set(Number(port), name)
  }
  // The chains, the vendor, the relay, the export frame and the playground at least.
  expect(ports.size).toBeGreaterThanOrEqual(6)
  for (const [port, name] of ports) {
    expect(await accepts('127.0.0.1', port), `${name} on 127.0.0.1`).toBe(true)
    for (const address of otherAddresses)
      expect(await accepts(address, port), `${name} on ${address}`).toBe(false)
  }
})
