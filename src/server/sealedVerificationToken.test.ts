import { describe, expect, it } from 'vitest'
import { createTokenSeal } from './sealedVerificationToken.js'

const apiPrivateKey = 'ab'.repeat(32)
const organizationId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const token = 'eyJhbGciOiJFUzI1NiJ9.eyJpZCI6IjEifQ.c2ln'

describe('createTokenSeal', () => {
  it('opens what it sealed, and the sealed text is not the token', async () => {
    const seal = createTokenSeal({ apiPrivateKey, organizationId })
    const sealed = await seal.seal(token)
    expect(sealed).not.toContain(token.split('.')[1])
    expect(sealed).toMatch(/^[\w-]+$/)
    expect(await seal.open(sealed)).toBe(token)
    // A fresh IV each time: two seals of one token differ.
    expect(await seal.seal(token)).not.toBe(sealed)
  })

  it("opens nothing another organization's backend, or another key, sealed, nor a changed or foreign text", async () => {
    const sealed = await createTokenSeal({
      apiPrivateKey,
      organizationId,
    }).seal(token)
    const otherOrganization = createTokenSeal({
      apiPrivateKey,
      organizationId: '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    })
    const otherKey = createTokenSeal({
      apiPrivateKey: 'cd'.repeat(32),
      organizationId,
    })
    expect(await otherOrganization.open(sealed)).toBeUndefined()
    expect(await otherKey.open(sealed)).toBeUndefined()
    const seal = createTokenSeal({ apiPrivateKey, organizationId })
    const changed = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`
    for (const text of [
      changed,
      token,
      '',
      'A',
      42,
      undefined,
      'x'.repeat(9000),
    ])
      expect(await seal.open(text)).toBeUndefined()
  })
})
