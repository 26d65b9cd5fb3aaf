import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { toDerSignature } from './toDerSignature.js'

describe('toDerSignature', () => {
  it('turns WebCrypto signatures into DER that verifies', async () => {
    const { privateKey, publicKey } = await crypto.subtle.generateKey(
      { name: 'ECDSA', namedCurve: 'P-256' },
      true,
      ['sign', 'verify'],
    )
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', publicKey))
    const key = createPublicKey({ key: spki, format: 'der', type: 'spki' })
    // Enough signatures to meet leading zero bytes and high bits in r and s.
    for (let i = 0; i < 64; i++) {
      const message = new TextEncoder().encode(`body ${i}`)
      const p1363 = new Uint8Array(
        await crypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          privateKey,
          message,
        ),
      )
      const der = Buffer.from(toDerSignature(p1363), 'hex')
      expect(der[0]).toBe(0x30)
      expect(verify('sha256', message, key, der)).toBe(true)
    }
  })
})
