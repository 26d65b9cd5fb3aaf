import { base58 } from '@scure/base'
import { hpkeEncrypt } from '@turnkey/crypto'
import { sha256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { generateRecipientKey } from './hpkeOpen.js'
import { openCredentialBundle } from './openCredentialBundle.js'
import { RefusedBundleError } from './RefusedBundleError.js'

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
