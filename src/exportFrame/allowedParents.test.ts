// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { isAllowedParent, readParentOrigins } from './allowedParents.js'

describe('the pages that may use the frame', () => {
  const allowed = ['https://app.example.com', 'http://localhost:*']

  it('are the origins listed, exactly, or a listed host on any port', () => {
    expect(isAllowedParent('https://app.example.com', allowed)).toBe(true)
    expect(isAllowedParent('http://localhost:5173', allowed)).toBe(true)
    expect(isAllowedParent('http://localhost', allowed)).toBe(true)
  })

  it('are no other origin, however close', () => {
    for (const origin of [
      'https://evil.example',
      'http://app.example.com',
      'https://app.example.com:8443',
      'https://app.example.com.evil.example',
      'https://sub.app.example.com',
      'https://localhost:5173',
      'http://127.0.0.1:5173',
      'null',
      '',
      'https://app.example.com/',
    ])
      expect(isAllowedParent(origin, allowed)).toBe(false)
  })

  it('are none when the page lists none', () => {
    expect(isAllowedParent('https://app.example.com', [])).toBe(false)
  })

  it('are read from the meta tag, space-separated, and none without it', () => {
    const page = new DOMParser().parseFromString(
      '<meta name="wagmi-connector-pack-parent-origins" content=" https://a.example\n http://localhost:* ">',
      'text/html',
    )
    expect(readParentOrigins(page)).toEqual([
      'https://a.example',
      'http://localhost:*',
    ])
    expect(
      readParentOrigins(new DOMParser().parseFromString('', 'text/html')),
    ).toEqual([])
  })
})
