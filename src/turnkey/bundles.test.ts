import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { base58 } from '@scure/base'
import { hpkeEncrypt, uncompressRawPublicKey } from '@turnkey/crypto'
import { sha256 } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  generateRecipientKey,
  openCredentialBundle,
  openExportBundle,
  type RecipientKey,
  RefusedBundleError,
} from './bundles.js'

const base58check = (payload: Uint8Array) =>
  base58.encode(
    Uint8Array.from([
      ...payload,
      ...sha256(sha256(payload), 'bytes').slice(0, 4),
    ]),
  )

/** What the vendor's enclave does: HPKE-seal a fresh key to the page's key. */
function sealWithVendorLibrary(plaintext: Uint8Array, target: Uint8Array) {
  return base58check(
    hpkeEncrypt({ plainTextBuf: plaintext, targetKeyBuf: target }),
  )
}

describe('openCredentialBundle', () => {
  it('opens a bundle the vendor library sealed to the page key', async () => {
    const recipient = await generateRecipientKey()
    const secret = crypto.getRandomValues(new Uint8Array(32))
    const code = sealWithVendorLibrary(secret, recipient.publicKey)
    expect(code).toMatch(/^[1-9A-HJ-NP-Za-km-z]{100,120}$/)
    expect(await openCredentialBundle(code, recipient)).toEqual(secret)
    // Pasted with the line breaks and spaces of an email.
    const wrapped = `  ${code.slice(0, 40)}\n${code.slice(40, 80)} \r\n${code.slice(80)}\n`
    expect(await openCredentialBundle(wrapped, recipient)).toEqual(secret)
  })

  it.each([
    ['empty', ''],
    ['not base58', 'hello world 0OIl'],
    ['too short', base58check(new Uint8Array(40))],
  ])('refuses a code that is %s', async (_, code) => {
    const recipient = await generateRecipientKey()
    await expect(openCredentialBundle(code, recipient)).rejects.toMatchObject({
      name: 'RefusedBundleError',
      message: 'The code is not a credential bundle (base58check).',
    })
  })

  it('refuses a code with one character changed (checksum)', async () => {
    const recipient = await generateRecipientKey()
    const code = sealWithVendorLibrary(
      new Uint8Array(32).fill(7),
      recipient.publicKey,
    )
    const last = code.at(-1) === '2' ? '3' : '2'
    const error = await openCredentialBundle(
      `${code.slice(0, -1)}${last}`,
      recipient,
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RefusedBundleError)
    expect((error as RefusedBundleError).message).toMatch(
      /not a credential bundle/,
    )
  })

  it('refuses a re-checksummed bundle whose ciphertext was altered', async () => {
    const recipient = await generateRecipientKey()
    const sealed = hpkeEncrypt({
      plainTextBuf: new Uint8Array(32).fill(1),
      targetKeyBuf: recipient.publicKey,
    })
    sealed[40]! ^= 1
    const error = await openCredentialBundle(
      base58check(sealed),
      recipient,
    ).catch((e: unknown) => e)
    expect((error as RefusedBundleError).message).toMatch(/does not decrypt/)
  })

  it('refuses a code sealed to another page key', async () => {
    const [page, other] = [
      await generateRecipientKey(),
      await generateRecipientKey(),
    ]
    const code = sealWithVendorLibrary(
      new Uint8Array(32).fill(2),
      other.publicKey,
    )
    await expect(openCredentialBundle(code, page)).rejects.toBeInstanceOf(
      RefusedBundleError,
    )
  })

  it('refuses a bundle whose encapsulated key is not a curve point', async () => {
    const recipient = await generateRecipientKey()
    const sealed = hpkeEncrypt({
      plainTextBuf: new Uint8Array(32).fill(3),
      targetKeyBuf: recipient.publicKey,
    })
    sealed.fill(0xff, 1, 33)
    await expect(
      openCredentialBundle(base58check(sealed), recipient),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/not a credential bundle/),
    })
  })
})

const organizationId = '0b7c6a52-3a8e-4f5e-9d64-7c1f0e2a9b31'
const otherOrganizationId = 'f3d1c9e4-5b2a-4c8d-8e7f-1a2b3c4d5e6f'
const mnemonic = 'test test test test test test test test test test test junk'
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

type Enclave = { privateKey: KeyObject; publicKeyHex: string }
function createEnclave(): Enclave {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  })
  const { x, y } = publicKey.export({ format: 'jwk' })
  return {
    privateKey,
    publicKeyHex: `04${Buffer.from(x!, 'base64url').toString('hex')}${Buffer.from(y!, 'base64url').toString('hex')}`,
  }
}
const enclave = createEnclave()

/** What the vendor's enclave returns from export_wallet: sealed to the frame, signed by the enclave. */
function vendorBundle({
  recipient,
  signer = enclave,
  organization = organizationId,
}: {
  recipient: RecipientKey
  signer?: Enclave
  organization?: string
}) {
  const sealed = hpkeEncrypt({
    plainTextBuf: new TextEncoder().encode(mnemonic),
    targetKeyBuf: recipient.publicKey,
  })
  const data = Buffer.from(
    JSON.stringify({
      organizationId: organization,
      encappedPublic: hex(uncompressRawPublicKey(sealed.slice(0, 33))),
      ciphertext: hex(sealed.slice(33)),
    }),
  )
  return {
    version: 'v1.0.0',
    data: data.toString('hex'),
    dataSignature: sign('sha256', data, signer.privateKey).toString('hex'),
    enclaveQuorumPublic: signer.publicKeyHex,
  }
}

async function open(
  bundle: object | string,
  recipient: RecipientKey,
  expectedOrganization = organizationId,
) {
  return openExportBundle({
    bundle: typeof bundle === 'string' ? bundle : JSON.stringify(bundle),
    organizationId: expectedOrganization,
    signerPublicKey: enclave.publicKeyHex,
    recipient,
  })
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RefusedBundleError)
  return (error as Error).message
}

describe('openExportBundle', () => {
  it('opens a bundle the enclave signed for this organization and this frame', async () => {
    const recipient = await generateRecipientKey()
    const secret = await open(vendorBundle({ recipient }), recipient)
    expect(new TextDecoder().decode(secret)).toBe(mnemonic)
  })

  it('refuses a bundle signed by another key than the baked-in enclave key', async () => {
    const recipient = await generateRecipientKey()
    const intruder = createEnclave()
    const message = await refusal(
      open(vendorBundle({ recipient, signer: intruder }), recipient),
    )
    expect(message).toBe(
      `The export bundle is signed by key ${intruder.publicKeyHex}, not by the expected enclave key ${enclave.publicKeyHex}.`,
    )
  })

  it('refuses a bundle claiming the enclave key with another key’s signature', async () => {
    const recipient = await generateRecipientKey()
    const forged = {
      ...vendorBundle({ recipient, signer: createEnclave() }),
      enclaveQuorumPublic: enclave.publicKeyHex,
    }
    expect(await refusal(open(forged, recipient))).toBe(
      'The export bundle’s signature is invalid: it was altered or not signed by the enclave.',
    )
  })

  it.each([
    ['not DER', 'deadbeef'],
    ['not hex', 'zz'],
    ['missing', undefined],
  ])('refuses a signature that is %s', async (_, dataSignature) => {
    const recipient = await generateRecipientKey()
    const bundle = { ...vendorBundle({ recipient }), dataSignature }
    expect(await refusal(open(bundle, recipient))).toMatch(
      /signature is invalid/,
    )
  })

  it('refuses signed data that was altered afterwards', async () => {
    const recipient = await generateRecipientKey()
    const bundle = vendorBundle({ recipient })
    // Someone swaps the organization in the signed data and keeps the signature.
    const altered = Buffer.from(
      Buffer.from(bundle.data, 'hex')
        .toString()
        .replace(organizationId, otherOrganizationId),
    ).toString('hex')
    expect(
      await refusal(
        open({ ...bundle, data: altered }, recipient, otherOrganizationId),
      ),
    ).toMatch(/signature is invalid: it was altered/)
  })

  it('refuses a bundle for another organization than the request’s', async () => {
    const recipient = await generateRecipientKey()
    const bundle = vendorBundle({
      recipient,
      organization: otherOrganizationId,
    })
    expect(await refusal(open(bundle, recipient))).toBe(
      `The export bundle belongs to organization ${otherOrganizationId}, not to ${organizationId}.`,
    )
  })

  it.each([
    ['another version', 'v2.0.0', '"v2.0.0"'],
    ['no version', undefined, 'undefined'],
  ])('refuses %s', async (_, version, shown) => {
    const recipient = await generateRecipientKey()
    const bundle = { ...vendorBundle({ recipient }), version }
    expect(await refusal(open(bundle, recipient))).toBe(
      `Unsupported export bundle version ${shown}: expected "v1.0.0".`,
    )
  })

  it('refuses text that is not a bundle', async () => {
    const recipient = await generateRecipientKey()
    expect(await refusal(open('not json', recipient))).toBe(
      'The export bundle is not valid JSON.',
    )
  })

  it('refuses a genuine bundle sealed to another frame’s key', async () => {
    const [frame, other] = [
      await generateRecipientKey(),
      await generateRecipientKey(),
    ]
    expect(
      await refusal(open(vendorBundle({ recipient: other }), frame)),
    ).toMatch(/does not decrypt with this frame’s key/)
  })
})
