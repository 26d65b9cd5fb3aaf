// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { FrameError } from '../turnkey/createFrameChannel.js'
import { createExportFrame } from './exportFrame.js'

describe('createExportFrame', () => {
  it.each([
    'http://export.example.com',
    'http://localhost.example.com:8080/',
    'http://192.168.1.10/',
    'javascript:alert(1)',
    'data:text/html,<script>parent.postMessage(1, "*")</script>',
    'not a url',
  ])('refuses to frame %s', async (url) => {
    const container = document.createElement('div')
    const error = await createExportFrame({ url, container }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(FrameError)
    expect(error).toMatchObject({
      frame: 'export',
      reason: 'insecureUrl',
      shortMessage: 'The export frame cannot be opened from this address.',
    })
    expect((error as FrameError).message).toMatch(
      /Serve the export frame over https:/,
    )
    expect(container.childElementCount).toBe(0)
  })

  it("refuses a frame on this page's own origin, which the page could read", async () => {
    const container = document.createElement('div')
    const error = await createExportFrame({
      url: `${location.origin}/export-frame.html`,
      container,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ reason: 'sameOrigin' })
    expect((error as FrameError).message).toMatch(
      /must be on another origin than this page/,
    )
    expect(container.childElementCount).toBe(0)
  })
})
