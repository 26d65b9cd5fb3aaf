import { describe, expect, it } from 'vitest'
import { hostOrigin } from './hostOrigin.js'

describe('hostOrigin', () => {
  it('keeps an https origin, or http on localhost, with its port', () => {
    expect(hostOrigin('https://app.example:3000')).toBe(
      'https://app.example:3000',
    )
    expect(hostOrigin('http://localhost:3000/')).toBe('http://localhost:3000')
    expect(hostOrigin('http://shop.localhost:8080')).toBe(
      'http://shop.localhost:8080',
    )
  })

  it.each([
    ['localhost:3000', 'is not a URL'],
    ['https://app.example/login', 'give https://app.example'],
    ['http://app.example', 'must be https (http only on localhost)'],
    ['http://127.0.0.1:3000', 'must be https (http only on localhost)'],
  ])('refuses %s, saying what to give', (value, reason) => {
    expect(() => hostOrigin(value)).toThrow(reason)
  })
})
