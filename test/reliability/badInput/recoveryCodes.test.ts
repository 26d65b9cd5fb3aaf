// @vitest-environment happy-dom
import { expect } from 'vitest'
import { validateRecoveryCode } from '../../../src/recovery/recoveryCode.js'
import {
  decodeCredentialBundle,
  generateRecipientKey,
} from '../../../src/turnkey/bundles.js'
import type { RecoveryType } from '../../../src/turnkey/hostBackendContract.js'
import {
  bad,
  type Case,
  codeInvalid,
  runCases,
} from '../../helpers/badInputCases.js'
import {
  now,
  offCurveBundle,
  recoveryKey,
  sealRecoveryCode,
  subOrganizationId,
} from '../../helpers/badInputFixtures.js'
import { codeFrameInNode } from '../../helpers/codeFrameInNode.js'

// Bad recovery codes: what the user pastes, and the credentials codes carry.

const emailCredential = {
  organizationId: subOrganizationId,
  userId: 'user-1',
  type: 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  createdAt: now - 60,
}

const notABundle = {
  ignored: 'not a credential bundle: undefined',
  check: (decoded: unknown) => expect(decoded).toBeUndefined(),
}

const cases: Case[] = [
  // --- recovery codes ------------------------------------------------------
  bad({
    source: 'recovery codes',
    name: 'a code that names no user',
    input: { ...emailCredential, userId: '' },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a code that names no organization',
    input: { ...emailCredential, organizationId: undefined },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'an API-key credential used for passkey recovery',
    input: { ...emailCredential, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'passkey',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a code 900 s old',
    input: { ...emailCredential, createdAt: now - 900 },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a credential whose creation time is not a number',
    input: { ...emailCredential, createdAt: Number.NaN },
    run: (credential) =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'a recovery type the pack does not have',
    input: 'sms',
    run: (recoveryType) =>
      validateRecoveryCode({
        recoveryType: recoveryType as RecoveryType,
        credential: emailCredential,
        nowSeconds: now,
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'recovery codes',
    name: 'an empty code',
    input: '',
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a hex string instead of base58',
    input: `0x${'deadbeef'.repeat(20)}`,
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'characters base58 leaves out (0, O, I, l)',
    input: 'O0Il'.repeat(29),
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a real code cut short by five characters',
    input: 5,
    run: async (cut) => {
      const page = await generateRecipientKey()
      return decodeCredentialBundle(
        sealRecoveryCode(recoveryKey().secret, page.publicKeyHex).slice(
          0,
          -cut,
        ),
      )
    },
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a well-formed bundle whose key is no P-256 point',
    input: offCurveBundle,
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a code that is not a string (an empty form field)',
    input: undefined,
    run: (code) => decodeCredentialBundle(code as never),
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a 40 KB paste',
    input: 'z'.repeat(40_000),
    run: decodeCredentialBundle,
    expected: notABundle,
  }),
  bad({
    source: 'recovery codes',
    name: 'a code sealed to another page’s key',
    input: 'another page',
    run: async () => {
      const [frame, other] = await Promise.all([
        codeFrameInNode(),
        generateRecipientKey(),
      ])
      return frame.open(
        sealRecoveryCode(recoveryKey().secret, other.publicKeyHex),
      )
    },
    expected: codeInvalid,
  }),
]

runCases(cases)
