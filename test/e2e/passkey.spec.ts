import { createHash, verify } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

const fromBase64Url = (value: string) => Buffer.from(value, 'base64url')

test('creates a passkey on the playground origin and signs with it', async ({
  page,
  baseURL,
}) => {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)

  const created = await page.evaluate(async () => {
    const toBase64Url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, '')
    const credential = (await navigator.credentials.create({
      publicKey: {
        rp: { id: 'localhost', name: 'Playground' },
        user: {
          id: new TextEncoder().encode('user-1'),
          name: 'ada',
          displayName: 'Ada',
        },
        challenge: crypto.getRandomValues(new Uint8Array(32)),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: {
          residentKey: 'required',
          userVerification: 'preferred',
        },
        timeout: 300_000,
      },
    })) as PublicKeyCredential
    const response = credential.response as AuthenticatorAttestationResponse
    return {
      id: credential.id,
      publicKey: toBase64Url(response.getPublicKey()!),
      algorithm: response.getPublicKeyAlgorithm(),
      transports: response.getTransports(),
    }
  })
  expect(created.algorithm).toBe(-7)
  expect(created.transports).toContain('internal')
  expect(await authenticator.credentials()).toEqual([
    expect.objectContaining({
      credentialId: created.id,
      rpId: 'localhost',
      isResidentCredential: true,
    }),
  ])

  const challenge = createHash('sha256').update('log in').digest()
  const asserted = await page.evaluate(
    async (challengeBytes) => {
      const toBase64Url = (buffer: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(buffer)))
          .replaceAll('+', '-')
          .replaceAll('/', '_')
          .replace(/=+$/, '')
      // Discoverable: no allowCredentials, the authenticator finds the passkey.
      const credential = (await navigator.credentials.get({
        publicKey: {
          challenge: new Uint8Array(challengeBytes),
          rpId: 'localhost',
          userVerification: 'preferred',
        },
      })) as PublicKeyCredential
      const response = credential.response as AuthenticatorAssertionResponse
      return {
        id: credential.id,
        authenticatorData: toBase64Url(response.authenticatorData),
        clientDataJSON: toBase64Url(response.clientDataJSON),
        signature: toBase64Url(response.signature),
        userHandle:
          response.userHandle && new TextDecoder().decode(response.userHandle),
      }
    },
    [...challenge],
  )

  expect(asserted.id).toBe(created.id)
  expect(asserted.userHandle).toBe('user-1')
  const clientData = JSON.parse(
    fromBase64Url(asserted.clientDataJSON).toString(),
  )
  expect(clientData).toMatchObject({
    type: 'webauthn.get',
    origin: new URL(baseURL!).origin,
    challenge: challenge.toString('base64url'),
  })
  const authenticatorData = fromBase64Url(asserted.authenticatorData)
  expect(authenticatorData.subarray(0, 32)).toEqual(
    createHash('sha256').update('localhost').digest(),
  )
  const userVerified = (authenticatorData[32]! & 0x04) !== 0
  expect(userVerified).toBe(true)

  const signedData = Buffer.concat([
    authenticatorData,
    createHash('sha256')
      .update(fromBase64Url(asserted.clientDataJSON))
      .digest(),
  ])
  const publicKey = {
    key: fromBase64Url(created.publicKey),
    format: 'der',
    type: 'spki',
  } as const
  expect(
    verify('sha256', signedData, publicKey, fromBase64Url(asserted.signature)),
  ).toBe(true)
  expect(
    verify(
      'sha256',
      Buffer.concat([signedData, Buffer.from([0])]),
      publicKey,
      fromBase64Url(asserted.signature),
    ),
  ).toBe(false)

  await authenticator.remove()
})

test('a user who fails verification cannot use the passkey', async ({
  page,
}) => {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page, {
    isUserVerified: false,
  })
  const outcome = await page.evaluate(async () => {
    try {
      await navigator.credentials.create({
        publicKey: {
          rp: { id: 'localhost', name: 'Playground' },
          user: { id: new Uint8Array([1]), name: 'bob', displayName: 'Bob' },
          challenge: new Uint8Array(32),
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: {
            residentKey: 'required',
            userVerification: 'required',
          },
          timeout: 5_000,
        },
      })
      return 'created'
    } catch (error) {
      return (error as DOMException).name
    }
  })
  expect(outcome).toBe('NotAllowedError')
  expect(await authenticator.credentials()).toEqual([])
})
