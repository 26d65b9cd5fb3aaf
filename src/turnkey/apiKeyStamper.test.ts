import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import {
  generateP256KeyPair,
  getPublicKey,
  verifyStampSignature,
} from '@turnkey/crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fromBase64Url } from '../core/encodings.js'
import {
  checkApiKeyPair,
  createApiKeyStamper,
  importRecoveryCredential,
} from './apiKeyStamper.js'

type DecodedStamp = { publicKey: string; scheme: string; signature: string }

const decode = (value: string) =>
  JSON.parse(new TextDecoder().decode(fromBase64Url(value))) as DecodedStamp

/** A pair as the vendor's dashboard and CLI give it: compressed public key, raw private scalar. */
function vendorKeyPair() {
  const { privateKey } = generateP256KeyPair()
  return {
    publicKey: Buffer.from(getPublicKey(privateKey, true)).toString('hex'),
    privateKey,
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createApiKeyStamper', () => {
  it('stamps X-Stamp as the vendor verifies it, in the format of its own API-key stamper', async () => {
    const pair = vendorKeyPair()
    const body =
      '{"type":"ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8","timestampMs":"1","organizationId":"o","parameters":{}}'
    const ours = await createApiKeyStamper(pair).stamp(body)
    const theirs = await new ApiKeyStamper({
      apiPublicKey: pair.publicKey,
      apiPrivateKey: pair.privateKey,
    }).stamp(body)
    expect(ours.header).toBe(theirs.stampHeaderName)
    const [decoded, reference] = [
      decode(ours.value),
      decode(theirs.stampHeaderValue),
    ]
    expect(Object.keys(decoded)).toEqual(Object.keys(reference))
    expect(decoded.publicKey).toBe(reference.publicKey)
    expect(decoded.scheme).toBe('SIGNATURE_SCHEME_TK_API_P256')
    expect(decoded.signature).toMatch(/^30[0-9a-f]+$/)
    expect(
      await verifyStampSignature(pair.publicKey, decoded.signature, body),
    ).toBe(true)
    expect(
      await verifyStampSignature(pair.publicKey, decoded.signature, `${body} `),
    ).toBe(false)
  })

  it('accepts keys in upper case and stamps with the lower-case public key', async () => {
    const pair = vendorKeyPair()
    const stamp = await createApiKeyStamper({
      publicKey: pair.publicKey.toUpperCase(),
      privateKey: pair.privateKey.toUpperCase(),
    }).stamp('{}')
    expect(decode(stamp.value).publicKey).toBe(pair.publicKey)
  })

  it('imports the private key once, non-extractable, on the first stamp', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey')
    const stamper = createApiKeyStamper(vendorKeyPair())
    expect(importKey).not.toHaveBeenCalled()
    await stamper.stamp('{"a":1}')
    await stamper.stamp('{"a":2}')
    expect(importKey).toHaveBeenCalledTimes(1)
    const [format, jwk, , extractable, usages] = importKey.mock.calls[0]!
    expect(format).toBe('jwk')
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', ext: false })
    expect(extractable).toBe(false)
    expect(usages).toEqual(['sign'])
  })

  it('refuses a pair that cannot stamp, without showing either key', () => {
    const pair = vendorKeyPair()
    const other = vendorKeyPair()
    const order =
      'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551'
    const cases: [Record<string, unknown>, 'publicKey' | 'privateKey'][] = [
      [{ ...pair, privateKey: undefined }, 'privateKey'],
      [{ ...pair, privateKey: pair.privateKey.slice(2) }, 'privateKey'],
      [{ ...pair, privateKey: `0x${pair.privateKey}` }, 'privateKey'],
      [{ ...pair, privateKey: '0'.repeat(64) }, 'privateKey'],
      [{ ...pair, privateKey: order }, 'privateKey'],
      [{ ...pair, publicKey: undefined }, 'publicKey'],
      [{ ...pair, publicKey: `04${pair.publicKey.slice(2)}` }, 'publicKey'],
      [{ ...pair, publicKey: other.publicKey }, 'publicKey'],
    ]
    for (const [input, key] of cases) {
      expect(checkApiKeyPair(input)?.key).toBe(key)
      let message = ''
      try {
        createApiKeyStamper(input as never)
      } catch (error) {
        message = (error as Error).message
      }
      expect(message).toContain(`invalid ${key}`)
      expect(message).not.toContain(pair.privateKey)
      expect(message).not.toContain(pair.publicKey)
    }
    expect(checkApiKeyPair(pair)).toBeUndefined()
  })
})

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
