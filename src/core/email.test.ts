import { describe, expect, it } from 'vitest'
import { canonicalEmail, hasLookalikeCharacters } from './email.js'

describe('canonicalEmail', () => {
  it('trims and lower-cases, so one person’s address is one address', () => {
    expect(canonicalEmail('  Ada@Example.COM ')).toBe('ada@example.com')
  })

  it('applies NFKC before lower case: the Kelvin sign and full-width letters read as their plain letters', () => {
    expect(canonicalEmail('\u212Aim@example.com')).toBe('kim@example.com')
    expect(canonicalEmail('ｋｉｍ@example.com')).toBe('kim@example.com')
  })
})

describe('hasLookalikeCharacters', () => {
  it.each([
    ['the Kelvin sign', '\u212Aim@example.com'],
    ['full-width letters', 'ｋｉｍ@example.com'],
    ['a ligature', 'ﬁnn@example.com'],
    ['a superscript digit', 'kim²@example.com'],
  ])('is true for %s', (_, address) => {
    expect(hasLookalikeCharacters(address)).toBe(true)
  })

  it.each([
    ['plain ASCII, any case', 'Kim@Example.com'],
    ['letters with accents, composed', 'zoë@example.com'],
    ['another script', 'анна@example.com'],
  ])('is false for %s', (_, address) => {
    expect(hasLookalikeCharacters(address)).toBe(false)
  })
})
