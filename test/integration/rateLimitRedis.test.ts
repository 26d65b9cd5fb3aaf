import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { createClient } from 'redis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRateLimit } from '../../src/server/createRateLimit.js'

/*
 * createRateLimit with a Redis store, against a real redis-server (Debian's
 * package): two server instances, each with its own client, share one
 * count, so a limit holds across serverless functions.
 */

let redisServer: ChildProcess
let url: string

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  const port = await freePort()
  url = `redis://127.0.0.1:${port}`
  redisServer = spawn(
    process.env.REDIS_SERVER_PATH ?? 'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    redisServer.once('error', reject)
    redisServer.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve()
    })
  })
})

afterAll(() => {
  redisServer?.kill()
})

const request = (ip: string) =>
  new Request('https://app.example/api/send-email-code', {
    method: 'POST',
    headers: { 'x-real-ip': ip },
  })

/** One server instance: its own Redis client, its own limiter. */
async function instance(keyPrefix: string) {
  const client = await createClient({ url }).connect()
  const limit = createRateLimit({
    limit: 3,
    windowMs: 60_000,
    key: (r, _, route) => `${route} ${r.headers.get('x-real-ip')}`,
    redis: client,
    keyPrefix,
  })
  return {
    ask: (ip: string) => limit(request(ip), {}, 'send-email-code'),
    close: () => client.quit(),
  }
}

it('two server instances share one count: the limit holds across them', async () => {
  const prefix = `shared-${Date.now()}`
  const [a, b] = [await instance(prefix), await instance(prefix)]
  expect(await a.ask('1.1.1.1')).toBeUndefined()
  expect(await b.ask('1.1.1.1')).toBeUndefined()
  expect(await a.ask('1.1.1.1')).toBeUndefined()
  // The fourth, on either instance, is over the limit of three.
  const refused = (await b.ask('1.1.1.1'))!
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55)
  expect((await a.ask('1.1.1.1'))?.status).toBe(429)
  // Another address counts apart.
  expect(await b.ask('2.2.2.2')).toBeUndefined()
  await Promise.all([a.close(), b.close()])
})

it('an instance with memory only counts alone: three on each, six in all', async () => {
  const memoryOnly = () =>
    createRateLimit({
      limit: 3,
      windowMs: 60_000,
      key: (r) => r.headers.get('x-real-ip') ?? 'no address',
    })
  const [a, b] = [memoryOnly(), memoryOnly()]
  for (const limit of [a, b])
    for (const _ of [1, 2, 3])
      expect(await limit(request('3.3.3.3'), {}, 'sign-up')).toBeUndefined()
  expect((await a(request('3.3.3.3'), {}, 'sign-up'))?.status).toBe(429)
})
