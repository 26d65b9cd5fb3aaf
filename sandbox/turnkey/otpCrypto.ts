import { generateKeyPairSync, sign } from 'node:crypto'
import { type EnclaveKey, info, suite } from './enclaveCrypto.js'
import { badRequest } from './VendorError.js'

/**
 * The key an OTP's code is encrypted to, as `init_otp` hands it out: a signed
 * bundle `{version, data, dataSignature, enclaveQuorumPublic}` whose `data` is
 * hex(JSON `{targetPublic}`), signed (DER ECDSA over sha256(data)) by the
 * enclave key `@turnkey/crypto`'s `encryptOtpCodeToBundle` checks (the vendor's
 * TLS fetcher key; the sandbox's enclave signer).
 */
export function createOtpEncryptionTarget(signer: EnclaveKey) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { d, x, y } = privateKey.export({ format: 'jwk' })
  const publicKey = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(x!, 'base64url'),
    Buffer.from(y!, 'base64url'),
  ])
  const data = Buffer.from(
    JSON.stringify({ targetPublic: publicKey.toString('hex') }),
  )
  return {
    key: {
      privateKey: new Uint8Array(Buffer.from(d!, 'base64url')),
      publicKey: new Uint8Array(publicKey),
    },
    bundle: JSON.stringify({
      version: 'v1.0.0',
      data: data.toString('hex'),
      dataSignature: sign('sha256', data, signer.privateKey).toString('hex'),
      enclaveQuorumPublic: signer.publicKeyHex,
    }),
  }
}

/**
 * Opens an `encryptedOtpBundle` (JSON `{encappedPublic, ciphertext}`, HPKE to
 * the OTP's target key, AAD = encapped ‖ target public key) to the code and
 * the client public key it carries.
 */
export async function openOtpBundle(
  encryptedOtpBundle: unknown,
  targetKey: { privateKey: Uint8Array; publicKey: Uint8Array },
): Promise<{ otpCode: string; publicKey: string }> {
  const invalid = () =>
    badRequest(
      'invalid encrypted OTP bundle: encrypt the code and your public key to the otpEncryptionTargetBundle of this OTP',
    )
  let plaintext: Uint8Array
  try {
    const { encappedPublic, ciphertext } = JSON.parse(
      String(encryptedOtpBundle),
    ) as Record<string, unknown>
    if (
      typeof encappedPublic !== 'string' ||
      typeof ciphertext !== 'string' ||
      !/^04[0-9a-f]{128}$/i.test(encappedPublic) ||
      !/^(?:[0-9a-f]{2})+$/i.test(ciphertext)
    )
      throw invalid()
    const enc = Buffer.from(encappedPublic, 'hex')
    const recipient = await suite.createRecipientContext({
      recipientKey: {
        privateKey: await suite.kem.deserializePrivateKey(targetKey.privateKey),
        publicKey: await suite.kem.deserializePublicKey(targetKey.publicKey),
      },
      enc,
      info,
    })
    plaintext = new Uint8Array(
      await recipient.open(
        Buffer.from(ciphertext, 'hex'),
        Buffer.concat([enc, targetKey.publicKey]),
      ),
    )
  } catch {
    throw invalid()
  }
  let contents: unknown
  try {
    contents = JSON.parse(new TextDecoder().decode(plaintext))
  } catch {
    throw invalid()
  }
  const { otp_code: otpCode, public_key: publicKey } = (contents ??
    {}) as Record<string, unknown>
  if (typeof otpCode !== 'string' || typeof publicKey !== 'string')
    throw invalid()
  return { otpCode, publicKey }
}
