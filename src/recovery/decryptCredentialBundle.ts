import { decodeCredentialBundle } from '../turnkey/decodeCredentialBundle.js'
import { hpkeOpen, type RecipientKey } from '../turnkey/hpkeOpen.js'
import { InvalidRecoveryCodeError } from './errors.js'

/**
 * The 32-byte private key inside a credential bundle encrypted to
 * `recipient`. A code that is not a bundle, was altered, or was encrypted to
 * another key is an InvalidRecoveryCodeError.
 */
export async function decryptCredentialBundle(
  code: string,
  recipient: RecipientKey,
): Promise<Uint8Array> {
  const decoded = decodeCredentialBundle(code)
  if (!decoded)
    throw new InvalidRecoveryCodeError({
      reason: 'the code is not a credential bundle (base58check)',
    })
  try {
    const privateKey = await hpkeOpen({ recipient, ...decoded })
    if (privateKey.length !== 32) throw new Error('not a 32-byte key')
    return privateKey
  } catch (cause) {
    throw new InvalidRecoveryCodeError({
      reason: 'the code does not decrypt with this page’s key',
      cause,
    })
  }
}
