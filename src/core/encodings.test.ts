import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { derToP1363Signature, toDerSignature } from './encodings.js'

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

const der = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))

describe('derToP1363Signature', () => {
  it('turns the DER signatures Node (OpenSSL) makes into ones it verifies as r ‖ s', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
    })
    const data = Buffer.from('export bundle data')
    // About half of them pad r or s with a zero byte; 32 cover both shapes.
    for (let i = 0; i < 32; i++) {
      const signature = derToP1363Signature(sign('sha256', data, privateKey))
      expect(signature).toHaveLength(64)
      expect(
        verify(
          'sha256',
          data,
          { key: publicKey, dsaEncoding: 'ieee-p1363' },
          signature!,
        ),
      ).toBe(true)
    }
  })

  it('left-pads short integers and drops the sign byte', () => {
    // r = 1 in one byte; s has its high bit set, so DER prefixes a zero.
    const signature = derToP1363Signature(
      der(`3026020101022100${'80'.repeat(32)}`),
    )
    expect(Buffer.from(signature!).toString('hex')).toBe(
      `${'00'.repeat(31)}01${'80'.repeat(32)}`,
    )
  })

  it.each([
    ['not a sequence', '3106020101020101'],
    ['a wrong length', '3007020101020101'],
    ['trailing bytes', '300602010102010100'],
    ['an integer longer than 32 bytes', `302702220101${'01'.repeat(32)}020101`],
    ['a missing s', '3003020101'],
  ])('refuses %s', (_, hex) => {
    expect(derToP1363Signature(der(hex))).toBeUndefined()
  })
})
