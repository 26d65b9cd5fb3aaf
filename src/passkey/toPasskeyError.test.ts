// @vitest-environment happy-dom
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { PasskeyError } from './errors.js'
import { toPasskeyError } from './toPasskeyError.js'

const domError = (name: string) => new DOMException('browser says no', name)

describe('toPasskeyError', () => {
  it.each([
    ['NotAllowedError', 'get', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'],
    ['AbortError', 'create', 'ERROR_CEREMONY_ABORTED'],
  ] as const)(
    '%s (a cancel or time-out) is a user rejection carrying %s',
    (name, ceremony, code) => {
      const error = toPasskeyError(domError(name), ceremony, {
        rpId: location.hostname,
      })
      expect(error).toBeInstanceOf(UserRejectedRequestError)
      expect((error as UserRejectedRequestError).code).toBe(4001)
      expect(error.cause).toBeInstanceOf(PasskeyError)
      expect((error.cause as PasskeyError).code).toBe(code)
      // The refusal reads as the prompt's own words, first line of the message too.
      const words = (error.cause as PasskeyError).shortMessage
      expect((error as UserRejectedRequestError).shortMessage).toBe(words)
      expect(error.message.split('\n')[0]).toBe(words)
    },
  )

  it.each([
    [
      'InvalidStateError',
      'create',
      'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    ],
    [
      'ConstraintError',
      'create',
      'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT',
    ],
    [
      'ConstraintError',
      'get',
      'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT',
    ],
    [
      'NotSupportedError',
      'create',
      'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG',
    ],
    ['TypeError', 'create', 'ERROR_MALFORMED_PUBKEYCREDPARAMS'],
    ['UnknownError', 'get', 'ERROR_AUTHENTICATOR_GENERAL_ERROR'],
  ] as const)('%s during %s is %s', (name, ceremony, code) => {
    const error = toPasskeyError(domError(name), ceremony, {
      rpId: location.hostname,
    })
    expect(error).toBeInstanceOf(PasskeyError)
    expect((error as PasskeyError).code).toBe(code)
  })

  it('tells a wrong rp id from a page that cannot hold passkeys', () => {
    const wrongRpId = toPasskeyError(domError('SecurityError'), 'get', {
      rpId: 'other.example',
    })
    expect((wrongRpId as PasskeyError).code).toBe('ERROR_INVALID_RP_ID')
    expect(wrongRpId.message).toContain('"other.example"')
    const badDomain = toPasskeyError(domError('SecurityError'), 'create', {
      rpId: location.hostname,
    })
    expect((badDomain as PasskeyError).code).toBe('ERROR_INVALID_DOMAIN')
  })
})
