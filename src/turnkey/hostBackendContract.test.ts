import { describe, expect, it } from 'vitest'
import { oidcNonce } from './hostBackendContract.js'

describe('oidcNonce', () => {
  it('is the SHA-256 of the key’s hex as text, in lower-case hex, as the vendor checks it', () => {
    expect(oidcNonce('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })
})
