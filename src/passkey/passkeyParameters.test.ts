import { describe, expect, it } from 'vitest'
import { isValidRpId } from './passkeyParameters.js'

describe('isValidRpId', () => {
  it.each([
    'localhost',
    'example.com',
    'app.example.co.uk',
    'xn--bcher-kva.example',
  ])('accepts %s', (value) => {
    expect(isValidRpId(value)).toBe(true)
  })

  it.each([
    ['an IP address', '127.0.0.1'],
    ['a scheme', 'https://example.com'],
    ['a port', 'example.com:443'],
    ['a path', 'example.com/app'],
    ['a single label', 'intranet'],
    ['a trailing dot', 'example.com.'],
    ['a label starting with "-"', '-bad.example.com'],
    ['an empty string', ''],
    ['a number', 42],
    ['a numeric top-level label', 'example.123'],
  ])('refuses %s', (_, value) => {
    expect(isValidRpId(value)).toBe(false)
  })
})
