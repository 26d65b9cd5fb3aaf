import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  type ExportFrameServer,
  startExportFrameServer,
} from '../../sandbox/exportFrame/startExportFrameServer.js'

const signerPublicKey = `04${'ab'.repeat(64)}`
let server: ExportFrameServer
beforeAll(async () => {
  server = await startExportFrameServer({ signerPublicKey })
})
afterAll(() => server.stop())

it('serves the export frame with the headers a self-hoster is told to send: framed only by the playground’s pages', async () => {
  const response = await fetch(server.url)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-security-policy')).toBe(
    'frame-ancestors http://localhost:*',
  )
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await response.text()).toMatch(
    /<meta http-equiv="Content-Security-Policy" content="default-src 'none'/,
  )
})
