import { describe, expect, it } from 'vitest'
import { createRelyingParties } from './relyingParties.js'

describe('createRelyingParties', () => {
  const parties = createRelyingParties([
    'localhost',
    'example.com',
    'app.example.com',
  ])

  it('gives an origin its own hostname and parent domains, most specific first', () => {
    expect(parties.rpIdsFor('https://app.example.com')).toEqual([
      'app.example.com',
      'example.com',
    ])
    expect(parties.rpIdsFor('http://localhost:5173')).toEqual(['localhost'])
  })

  it.each([
    'http://app.example.com', // http off localhost
    'http://localhost:5173/', // more than an origin
    'https://other.test', // no rp id of its own
    'not an origin',
  ])('gives %s none', (origin) => {
    expect(parties.rpIdsFor(origin)).toEqual([])
  })
})
