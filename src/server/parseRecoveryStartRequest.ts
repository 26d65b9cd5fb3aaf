import { p256 } from '@noble/curves/p256'
import type { RecoveryStartRequest } from '../turnkey/recoveryStartContract.js'
import { badField } from './Refusal.js'
import { normalizeEmail, readFields } from './readFields.js'

const uncompressedKeyHex = /^04[0-9a-f]{128}$/i

function parseTargetPublicKey(value: unknown) {
  const invalid = () =>
    badField(
      'invalid_target_public_key',
      '`targetPublicKey` must be an uncompressed P-256 public key on the curve: 130 hex characters starting with 04.',
    )
  if (typeof value !== 'string' || !uncompressedKeyHex.test(value))
    throw invalid()
  const key = value.toLowerCase()
  try {
    p256.ProjectivePoint.fromHex(key).assertValidity()
  } catch {
    throw invalid()
  }
  return key
}

/**
 * The recovery-start body, checked field by field (400 `{ code, message }` on
 * the first problem) and rebuilt from the checked values only: the email
 * trimmed and in lower case, the key in lower case.
 */
export function parseRecoveryStartRequest(body: unknown): RecoveryStartRequest {
  const fields = readFields(body, {
    path: 'the body',
    known: ['email', 'type', 'targetPublicKey'],
    code: 'invalid_body',
    expected: 'a JSON object with email, type and targetPublicKey',
  })
  const email = normalizeEmail(fields.email)
  if (!email)
    throw badField(
      'invalid_email',
      "`email` must be the account's email address, such as ada@example.com.",
    )
  const { type } = fields
  if (type !== 'email' && type !== 'passkey')
    throw badField(
      'invalid_recovery_type',
      "`type` must be 'email' (sign in with the code, then add a passkey) or 'passkey' (add a passkey with the code).",
    )
  return {
    email,
    type,
    targetPublicKey: parseTargetPublicKey(fields.targetPublicKey),
  }
}
