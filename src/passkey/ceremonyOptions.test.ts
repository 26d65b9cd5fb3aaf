// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest'
import { createPasskeyStamper } from '../turnkey/stampers.js'
import { createPasskey } from './createPasskey.js'
import { getPasskeyAssertion } from './getPasskeyAssertion.js'

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

afterEach(() => {
  vi.unstubAllGlobals()
})

it("sign-up's passkey is created with user verification 'preferred' and a 300000 ms timeout (SPEC §9)", async () => {
  const asked = recordingCredentials()
  await expect(
    createPasskey({ rpId: 'localhost', rpName: 'Host', userName: 'ada' }),
  ).rejects.toThrow()
  expect(asked.create).toHaveLength(1)
  const { publicKey } = asked.create[0]!
  expect(publicKey?.authenticatorSelection?.userVerification).toBe('preferred')
  expect(publicKey?.timeout).toBe(300_000)
})

it("every signature and log-in prompt asks with user verification 'preferred' and a 300000 ms timeout (SPEC §9)", async () => {
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
