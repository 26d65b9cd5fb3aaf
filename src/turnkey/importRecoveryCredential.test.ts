import { getPublicKey, verifyStampSignature } from '@turnkey/crypto'
import { describe, expect, it } from 'vitest'
import { fromBase64Url } from '../core/base64url.js'
import { importRecoveryCredential } from './importRecoveryCredential.js'

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('importRecoveryCredential', () => {
  it('stamps as the vendor key with that public key, and wipes the bytes', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const expectedPublicKey = toHex(getPublicKey(secret, true))
    const credential = await importRecoveryCredential(secret)
    expect(credential.publicKey).toBe(expectedPublicKey)
    expect(secret.every((byte) => byte === 0)).toBe(true)

    const body = '{"organizationId":"org"}'
    const stamp = await credential.stamper.stamp(body)
    expect(stamp.header).toBe('X-Stamp')
    const decoded = JSON.parse(
      new TextDecoder().decode(fromBase64Url(stamp.value)),
    ) as { publicKey: string; scheme: string; signature: string }
    expect(decoded).toMatchObject({
      publicKey: expectedPublicKey,
      scheme: 'SIGNATURE_SCHEME_TK_API_P256',
    })
    expect(
      await verifyStampSignature(decoded.publicKey, decoded.signature, body),
    ).toBe(true)
  })
})
