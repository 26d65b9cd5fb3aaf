import { describe, expect, it } from 'vitest'
import { isSecureUrl } from './secureUrl.js'

describe('isSecureUrl', () => {
  it.each([
    'https://export.turnkey.com',
    'https://frames.example.com/export/',
    'http://localhost:5174/',
    'http://127.0.0.1:40000/',
  ])('allows %s', (url) => expect(isSecureUrl(url)).toBe(true))

  it.each([
    'http://export.example.com',
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
    'file:///etc/passwd',
    'https://user:pass@export.example.com',
    'export.turnkey.com',
    '',
  ])('refuses %s', (url) => expect(isSecureUrl(url)).toBe(false))
})
