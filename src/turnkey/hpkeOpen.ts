import { hpkeInfo, hpkeSuite } from './hpkeSuite.js'

/** An ECDH P-256 key pair whose private half script can use but never read. */
export async function generateRecipientKey() {
  const keyPair = await crypto.subtle.generateKey(
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  )
  const publicKey = new Uint8Array(
    await crypto.subtle.exportKey('raw', keyPair.publicKey),
  )
  return {
    keyPair,
    /** Uncompressed, hex, without 0x: what the vendor takes as `targetPublicKey`. */
    publicKeyHex: Array.from(publicKey, (x) =>
      x.toString(16).padStart(2, '0'),
    ).join(''),
    publicKey,
  }
}

export type RecipientKey = Awaited<ReturnType<typeof generateRecipientKey>>

/**
 * The vendor's HPKE base mode (P-256, HKDF-SHA256, AES-256-GCM, info
 * "turnkey_hpke"), with the encapsulated key and the receiver's key, both
 * uncompressed, as additional data. Throws when anything was tampered with.
 */
export async function hpkeOpen({
  recipient,
  encappedPublicKey,
  ciphertext,
}: {
  recipient: RecipientKey
  encappedPublicKey: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
}): Promise<Uint8Array> {
  const context = await hpkeSuite.createRecipientContext({
    recipientKey: recipient.keyPair,
    enc: encappedPublicKey,
    info: hpkeInfo,
  })
  const aad = new Uint8Array(130)
  aad.set(encappedPublicKey, 0)
  aad.set(recipient.publicKey, 65)
  return new Uint8Array(await context.open(ciphertext, aad))
}
