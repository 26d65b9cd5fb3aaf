// @vitest-environment happy-dom
import { UserRejectedRequestError } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPasskeyStamper } from '../turnkey/stampers.js'
import { PasskeyError, WebauthnNotSupportedError } from './errors.js'
import {
  createPasskey,
  getPasskeyAssertion,
  oneCeremonyAtATime,
  toPasskeyError,
} from './passkeyCeremonies.js'

// What the page hands to navigator.credentials, as the browser receives it.
function recordingCredentials() {
  const asked: {
    create: CredentialCreationOptions[]
    get: CredentialRequestOptions[]
  } = { create: [], get: [] }
  // The user closes each prompt: only the options matter here.
  const cancelled = () =>
    Promise.reject(new DOMException('cancelled', 'NotAllowedError'))
  vi.stubGlobal('navigator', {
    credentials: {
      create(options: CredentialCreationOptions) {
        asked.create.push(options)
        return cancelled()
      },
      get(options: CredentialRequestOptions) {
        asked.get.push(options)
        return cancelled()
      },
    },
  })
  vi.stubGlobal('PublicKeyCredential', class {})
  return asked
}

describe('the options the browser receives', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("sign-up's passkey is created with user verification 'preferred' and a 300000 ms timeout", async () => {
    const asked = recordingCredentials()
    await expect(
      createPasskey({ rpId: 'localhost', rpName: 'Host', userName: 'ada' }),
    ).rejects.toThrow()
    expect(asked.create).toHaveLength(1)
    const { publicKey } = asked.create[0]!
    expect(publicKey?.authenticatorSelection?.userVerification).toBe(
      'preferred',
    )
    expect(publicKey?.timeout).toBe(300_000)
  })

  it("every signature and log-in prompt asks with user verification 'preferred' and a 300000 ms timeout", async () => {
    const asked = recordingCredentials()
    const stamper = createPasskeyStamper({
      rpId: 'localhost',
      getAssertion: getPasskeyAssertion,
    })
    await expect(stamper.stamp('{"type":"ACTIVITY"}')).rejects.toThrow()
    expect(asked.get).toHaveLength(1)
    const { publicKey } = asked.get[0]!
    expect(publicKey?.userVerification).toBe('preferred')
    expect(publicKey?.timeout).toBe(300_000)
    expect(publicKey?.rpId).toBe('localhost')
  })
})

function prompt() {
  let finish!: (value: string) => void
  let fail!: (error: Error) => void
  const answer = new Promise<string>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  return { answer, finish, fail }
}

describe('oneCeremonyAtATime', () => {
  it('starts a ceremony at once, within the call, when none is open', async () => {
    let started = false
    const signed = oneCeremonyAtATime(async () => {
      started = true
      return 'signed'
    })
    // No await came before it: the user's tap still counts.
    expect(started).toBe(true)
    expect(await signed).toBe('signed')
  })

  it('a ceremony asked for while one is open starts only when that one ends, failed or not', async () => {
    const first = prompt()
    const second = prompt()
    const started: string[] = []
    const abandoned = oneCeremonyAtATime(() => {
      started.push('signature left open by a disconnect')
      return first.answer
    })
    const login = oneCeremonyAtATime(() => {
      started.push('log-in of the next connect')
      return second.answer
    })
    const after = oneCeremonyAtATime(async () => {
      started.push('next signature')
      return 'signed'
    })
    await Promise.resolve()
    expect(started).toEqual(['signature left open by a disconnect'])
    first.fail(new Error('NotAllowedError'))
    await expect(abandoned).rejects.toThrow('NotAllowedError')
    await expect.poll(() => started.length).toBe(2)
    expect(started[1]).toBe('log-in of the next connect')
    second.finish('logged in')
    expect(await login).toBe('logged in')
    expect(await after).toBe('signed')
    expect(started).toHaveLength(3)
    // All ended: the next one starts at once again.
    let startedAtOnce = false
    await oneCeremonyAtATime(async () => {
      startedAtOnce = true
    })
    expect(startedAtOnce).toBe(true)
  })

  it('a ceremony that throws before it starts is a rejection, and does not block the next', async () => {
    await expect(
      oneCeremonyAtATime(() => {
        throw new Error('WebAuthn is not supported')
      }),
    ).rejects.toThrow('WebAuthn is not supported')
    expect(await oneCeremonyAtATime(async () => 'next')).toBe('next')
  })

  it("the pack's prompts share the gate: a sign-up's passkey waits for a log-in prompt still open", async () => {
    const calls: string[] = []
    const login = prompt()
    const credentials = {
      get: () => {
        calls.push('get')
        return login.answer
      },
      create: () => {
        calls.push('create')
        return Promise.reject(new DOMException('cancelled', 'NotAllowedError'))
      },
    }
    vi.stubGlobal('navigator', { credentials })
    vi.stubGlobal('PublicKeyCredential', class {})
    try {
      const assertion = getPasskeyAssertion({
        challenge: new Uint8Array(32),
        rpId: 'localhost',
      })
      const created = createPasskey({
        rpId: 'localhost',
        rpName: 'Host',
        userName: 'ada',
      })
      await Promise.resolve()
      expect(calls).toEqual(['get'])
      login.fail(new Error('closed'))
      await expect(assertion).rejects.toThrow()
      await expect(created).rejects.toThrow()
      expect(calls).toEqual(['get', 'create'])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

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

describe('createPasskey', () => {
  /** A browser whose authenticator makes the passkey, recording the options it was given. */
  function creatingCredentials() {
    const asked: CredentialCreationOptions[] = []
    vi.stubGlobal('navigator', {
      credentials: {
        async create(options: CredentialCreationOptions) {
          asked.push(options)
          return {
            id: 'credential-1',
            response: {
              clientDataJSON: new Uint8Array([1, 2, 3]).buffer,
              attestationObject: new Uint8Array([4, 5, 6]).buffer,
              getTransports: () => ['internal'],
            },
          }
        },
      },
    })
    vi.stubGlobal('PublicKeyCredential', class {})
    return asked
  }

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  // WebAuthn takes a user handle of 1 to 64 bytes: both ends make a passkey,
  // and the authenticator is handed the very bytes the host gave.
  it.each([1, 64])(
    'a user id of %i bytes makes a passkey with that id',
    async (length) => {
      const asked = creatingCredentials()
      const userId = new Uint8Array(length).map((_, index) => index + 1)
      const created = await createPasskey({
        rpId: 'localhost',
        rpName: 'Test',
        userName: 'ada',
        userId,
      })
      expect(created.attestation.credentialId).toBe('credential-1')
      expect(created.attestation.transports).toEqual([
        'AUTHENTICATOR_TRANSPORT_INTERNAL',
      ])
      expect(asked).toHaveLength(1)
      const sent = asked[0]!.publicKey!.user.id as Uint8Array
      expect(sent.byteLength).toBe(length)
      expect([...sent]).toEqual([...userId])
    },
  )

  // Outside 1 to 64 bytes the browser would throw a TypeError after the
  // prompt was asked for; the pack refuses first, saying what is wrong.
  it.each([0, 65])(
    'refuses a user id of %i bytes before any prompt',
    async (length) => {
      const asked = creatingCredentials()
      const attempt = createPasskey({
        rpId: 'localhost',
        rpName: 'Test',
        userName: 'ada',
        userId: new Uint8Array(length),
      })
      await expect(attempt).rejects.toThrow(PasskeyError)
      await expect(attempt).rejects.toMatchObject({
        code: 'ERROR_INVALID_USER_ID_LENGTH',
      })
      await expect(attempt).rejects.toThrow(
        `The passkey user id must be 1 to 64 bytes, got ${length}.`,
      )
      expect(asked).toHaveLength(0)
    },
  )

  it('says so where the browser has no WebAuthn', async () => {
    // happy-dom, like a server or an old browser, has no PublicKeyCredential.
    await expect(
      createPasskey({ rpId: 'localhost', rpName: 'Test', userName: 'ada' }),
    ).rejects.toThrow(new WebauthnNotSupportedError().shortMessage)
  })
})
