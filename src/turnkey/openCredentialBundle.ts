import { decodeCredentialBundle } from './decodeCredentialBundle.js'
import { hpkeOpen, type RecipientKey } from './hpkeOpen.js'
import { RefusedBundleError } from './RefusedBundleError.js'

/**
 * The 32-byte private key inside a credential bundle (a recovery or login
 * code) encrypted to `recipient`. A code that is not a bundle, was altered,
 * or was encrypted to another key is a RefusedBundleError saying which.
 * Runs inside the isolated frame: the key never reaches the host page.
 */
export async function openCredentialBundle(
  code: string,
  recipient: RecipientKey,
): Promise<Uint8Array> {
  const decoded = decodeCredentialBundle(code)
  if (!decoded)
    throw new RefusedBundleError(
      'The code is not a credential bundle (base58check).',
    )
  try {
    const privateKey = await hpkeOpen({ recipient, ...decoded })
    if (privateKey.length !== 32) throw new Error('not a 32-byte key')
    return privateKey
  } catch {
    throw new RefusedBundleError(
      'The code does not decrypt with this frame’s key: it was altered, or sent for another request.',
    )
  }
}
