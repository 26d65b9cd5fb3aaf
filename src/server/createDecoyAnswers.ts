import { loadOnce } from '../core/loadOnce.js'
import { hexToBytes } from '../turnkey/hexToBytes.js'
import type { RecoveryStartAnswer } from '../turnkey/recoveryStartContract.js'

const label = new TextEncoder().encode('wagmi-connector-pack/server decoys v1')

/** 16 bytes as a version-4 UUID, as the vendor's ids look. */
function toUuid(bytes: Uint8Array) {
  const b = Uint8Array.from(bytes)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (byte) => byte.toString(16).padStart(2, '0'))
  return [
    hex.slice(0, 4),
    hex.slice(4, 6),
    hex.slice(6, 8),
    hex.slice(8, 10),
    hex.slice(10, 16),
  ]
    .map((part) => part.join(''))
    .join('-')
}

/**
 * The answer for an email no account has: ids of the vendor's shape that are
 * the same every time for the same email (HMAC-SHA-256 of the email under a
 * key derived from the host's `decoySecret`), as a real account's are. A
 * fresh random answer per request would tell an unknown email from a known
 * one by asking twice.
 */
export function createDecoyAnswers(secretHex: string) {
  // Imported on the first answer; a failed import is tried again on the next.
  const key = loadOnce(async () => {
    const secret = hexToBytes(secretHex)!
    const material = new Uint8Array(label.length + secret.length)
    material.set(label)
    material.set(secret, label.length)
    const digest = await crypto.subtle.digest('SHA-256', material)
    material.fill(0)
    secret.fill(0)
    return crypto.subtle.importKey(
      'raw',
      digest,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
  })
  return async (email: string): Promise<RecoveryStartAnswer> => {
    const mac = new Uint8Array(
      await crypto.subtle.sign(
        'HMAC',
        await key.load(),
        new TextEncoder().encode(email),
      ),
    )
    return {
      userId: toUuid(mac.subarray(0, 16)),
      organizationId: toUuid(mac.subarray(16, 32)),
    }
  }
}
