// @vitest-environment happy-dom
import { p256 } from '@noble/curves/p256'
import { expect, vi } from 'vitest'
import {
  type CreatePasskeyBackendParameters,
  createPasskeyBackend,
} from '../../../src/exports/server.js'
import {
  bad,
  type Case,
  runCases,
  type Source,
} from '../../helpers/badInputCases.js'
import { organizationId } from '../../helpers/badInputFixtures.js'

// Bad input to the host backend (wagmi-connector-pack/server): what a page,
// or anyone who can reach the routes, POSTs to sign-up and recovery start,
// and the options a host gives createPasskeyBackend. Every refusal is a JSON
// `{ code, message }` with its status, and no request reaches the vendor.

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const b64url = (text: string | Uint8Array) => {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

const parentPrivateKey = toHex(p256.utils.randomPrivateKey())
const parentPublicKey = toHex(p256.getPublicKey(parentPrivateKey, true))
const validOptions: CreatePasskeyBackendParameters = {
  organizationId,
  apiPublicKey: parentPublicKey,
  apiPrivateKey: parentPrivateKey,
  apiBaseUrl: 'https://vendor.test',
  appName: 'Example',
}

const challenge = b64url(new Uint8Array(32).fill(7))
const attestation = {
  credentialId: b64url(new Uint8Array(32).fill(1)),
  clientDataJson: b64url(
    JSON.stringify({
      type: 'webauthn.create',
      challenge,
      origin: 'https://app.example',
    }),
  ),
  attestationObject: b64url(new Uint8Array(164).fill(2)),
  transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'],
}
// Without an email: an email needs its proof, which the email cases below refuse apart.
const validSignUp = { userName: 'ada', challenge, attestation }
/** A token of the vendor's shape, signed by a key that is not the vendor's. */
const forgedToken = [
  { alg: 'ES256', typ: 'JWT' },
  {
    id: crypto.randomUUID(),
    verification_type: 'OTP_TYPE_EMAIL',
    contact: 'victim@example.com',
    organization_id: validOptions.organizationId,
    public_key: `02${'ab'.repeat(32)}`,
    exp: String(Date.now() + 600_000),
  },
]
  .map((part) => b64url(JSON.stringify(part)))
  .concat(b64url(new Uint8Array(64).fill(9)))
  .join('.')
const clientSignature = {
  publicKey: `02${'ab'.repeat(32)}`,
  scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
  message: '{}',
  signature: 'cd'.repeat(64),
}
const targetPublicKey = toHex(
  p256.getPublicKey(p256.utils.randomPrivateKey(), false),
)
const validRecovery = {
  email: 'ada@example.com',
  type: 'passkey',
  targetPublicKey,
}

/** A request as it reaches the handler: method, content type and raw body. */
type Sent = {
  method?: string
  contentType?: string | null
  body?: string | Uint8Array<ArrayBuffer>
  path?: string
}

type Answer = {
  status: number
  contentType: string | null
  body: Record<string, unknown>
  vendorRequests: number
}

/** Sends one request to a fresh backend whose vendor counts what reaches it. */
async function send(
  route: 'signUp' | 'startRecovery' | 'fetch',
  {
    method = 'POST',
    contentType = 'application/json',
    body,
    path = '/api/x',
  }: Sent,
): Promise<Answer> {
  const vendorFetch = vi.fn(async () =>
    Response.json(
      { code: 13, message: 'the vendor was called' },
      { status: 500 },
    ),
  )
  const backend = createPasskeyBackend({
    ...validOptions,
    fetch: vendorFetch as unknown as typeof fetch,
  })
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const headers = new Headers()
  if (contentType !== null) headers.set('content-type', contentType)
  const response = await backend[route](
    new Request(`https://app.example${path}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    }),
  )
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
    vendorRequests: vendorFetch.mock.calls.length,
  }
}

/** Answered `status` with `{ code, message }`, a sentence without the key, and nothing sent to the vendor. */
function refused(status: number, code: string, messageIncludes?: string) {
  return {
    ignored: `answered ${status} ${code}; no vendor request`,
    check: (answer: Answer) => {
      expect(answer.status).toBe(status)
      expect(answer.contentType).toMatch(/^application\/json/)
      expect(Object.keys(answer.body)).toEqual(['code', 'message'])
      expect(answer.body.code).toBe(code)
      const message = answer.body.message as string
      expect(message).toMatch(/^[`A-Z].*\.$/)
      if (messageIncludes) expect(message).toContain(messageIncludes)
      expect(message.toLowerCase()).not.toContain(parentPrivateKey)
      expect(message.toLowerCase()).not.toContain(parentPublicKey)
      expect(answer.vendorRequests).toBe(0)
    },
  }
}

function handlerCase(
  source: Source,
  route: 'signUp' | 'startRecovery' | 'fetch',
  name: string,
  input: Sent,
  expected: ReturnType<typeof refused>,
): Case {
  return bad({
    source,
    name,
    input,
    run: (sent) => send(route, sent),
    expected,
  })
}

/** A JSON body for sign-up; 400 with `code`. */
const signUp = (
  name: string,
  body: unknown,
  code: string,
  messageIncludes?: string,
) =>
  handlerCase(
    'host backend sign-up',
    'signUp',
    name,
    { body: typeof body === 'string' ? body : JSON.stringify(body) },
    refused(400, code, messageIncludes),
  )

const withAttestation = (changes: Record<string, unknown>) => ({
  ...validSignUp,
  attestation: { ...attestation, ...changes },
})

/** A JSON body for recovery start; 400 with `code`. */
const recovery = (
  name: string,
  body: unknown,
  code: string,
  messageIncludes?: string,
) =>
  handlerCase(
    'host backend recovery start',
    'startRecovery',
    name,
    { body: typeof body === 'string' ? body : JSON.stringify(body) },
    refused(400, code, messageIncludes),
  )

/** createPasskeyBackend with one option changed: its typed error, naming the option and not the key. */
function badOption(
  name: string,
  changes: Record<string, unknown> | undefined,
  parameter: string,
): Case {
  return bad({
    source: 'createPasskeyBackend options',
    name,
    input: changes,
    run: (input) =>
      createPasskeyBackend(
        (input === undefined
          ? undefined
          : { ...validOptions, ...input }) as never,
      ),
    expected: {
      throws: 'InvalidPasskeyBackendParameterError',
      messageIncludes: `createPasskeyBackend: invalid \`${parameter}\`: expected`,
      also: (error) => {
        expect(error.code).toBe('invalid_parameter')
        expect(error.parameter).toBe(parameter)
        expect(error.message.toLowerCase()).not.toContain(parentPrivateKey)
      },
    },
  })
}

// A point with a valid x and the wrong y: 130 hex characters, not on the curve.
const offCurve = `04${targetPublicKey.slice(2, 66)}${(
  BigInt(`0x${targetPublicKey.slice(66)}`) ^ 1n
)
  .toString(16)
  .padStart(64, '0')}`

const cases: Case[] = [
  // --- sign-up: the request itself ----------------------------------------
  handlerCase(
    'host backend sign-up',
    'signUp',
    'a text/plain body (what a cross-site form can send)',
    { contentType: 'text/plain', body: JSON.stringify(validSignUp) },
    refused(415, 'unsupported_content_type', 'Content-Type: application/json'),
  ),
  handlerCase(
    'host backend sign-up',
    'signUp',
    'a urlencoded form post',
    {
      contentType: 'application/x-www-form-urlencoded',
      body: 'userName=ada&challenge=x',
    },
    refused(415, 'unsupported_content_type'),
  ),
  handlerCase(
    'host backend sign-up',
    'signUp',
    'JSON in another charset',
    {
      contentType: 'application/json; charset=utf-16',
      body: JSON.stringify(validSignUp),
    },
    refused(415, 'unsupported_content_type'),
  ),
  handlerCase(
    'host backend sign-up',
    'signUp',
    'a GET instead of a POST',
    { method: 'GET' },
    refused(405, 'method_not_allowed', 'POST'),
  ),
  handlerCase(
    'host backend sign-up',
    'signUp',
    'a body over 64 KiB',
    {
      body: JSON.stringify({ ...validSignUp, userName: 'a'.repeat(70_000) }),
    },
    refused(413, 'body_too_large', '64 KiB'),
  ),
  handlerCase(
    'host backend sign-up',
    'signUp',
    'bytes that are not UTF-8',
    { body: Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    refused(400, 'invalid_json', 'UTF-8'),
  ),
  signUp('an empty body', '', 'invalid_json', 'empty'),
  signUp('JSON cut short', '{"userName":"ada","chall', 'invalid_json'),
  signUp('an array instead of the object', [validSignUp], 'invalid_body'),
  signUp('null', 'null', 'invalid_body'),
  signUp('a JSON string', '"ada"', 'invalid_body'),
  // --- sign-up: fields --------------------------------------------------------
  signUp(
    'an extra field (asking for more)',
    { ...validSignUp, rootQuorumThreshold: 0 },
    'unknown_field',
    '`rootQuorumThreshold`',
  ),
  signUp(
    'a __proto__ key',
    `{"__proto__":{"isAdmin":true},${JSON.stringify(validSignUp).slice(1)}`,
    'unknown_field',
    '`__proto__`',
  ),
  signUp(
    'a constructor.prototype key',
    { ...validSignUp, constructor: { prototype: { isAdmin: true } } },
    'unknown_field',
  ),
  signUp(
    'no userName',
    { ...validSignUp, userName: undefined },
    'invalid_user_name',
  ),
  signUp(
    'an empty userName',
    { ...validSignUp, userName: '' },
    'invalid_user_name',
  ),
  signUp(
    'a userName of spaces',
    { ...validSignUp, userName: '   ' },
    'invalid_user_name',
  ),
  signUp(
    'a userName of 65 characters',
    { ...validSignUp, userName: 'é'.repeat(65) },
    'invalid_user_name',
    '1 to 64 characters',
  ),
  signUp(
    'a userName with a line break',
    { ...validSignUp, userName: 'ada\nadmin' },
    'invalid_user_name',
  ),
  signUp(
    'a userName as a number',
    { ...validSignUp, userName: 42 },
    'invalid_user_name',
  ),
  signUp(
    'an email without @',
    { ...validSignUp, email: 'ada.example.com' },
    'invalid_email',
  ),
  signUp(
    'an email with a space inside',
    { ...validSignUp, email: 'ada lovelace@example.com' },
    'invalid_email',
  ),
  signUp(
    'an email list instead of one',
    { ...validSignUp, email: ['ada@example.com', 'eve@example.com'] },
    'invalid_email',
  ),
  signUp(
    'an email of 300 characters',
    { ...validSignUp, email: `${'a'.repeat(60)}@${'b'.repeat(230)}.com` },
    'invalid_email',
  ),
  signUp('null as the email', { ...validSignUp, email: null }, 'invalid_email'),
  signUp(
    'an email without its proof (the attack: a stranger attaching a victim’s email)',
    { ...validSignUp, email: 'victim@example.com' },
    'email_not_verified',
  ),
  signUp(
    'an email with a forged proof (a token the vendor never signed)',
    {
      ...validSignUp,
      email: 'victim@example.com',
      verificationToken: forgedToken,
      clientSignature,
    },
    'email_not_verified',
  ),
  signUp(
    'an email whose proof has no client signature',
    {
      ...validSignUp,
      email: 'victim@example.com',
      verificationToken: forgedToken,
    },
    'email_not_verified',
  ),
  signUp(
    'a client signature of the wrong shape',
    {
      ...validSignUp,
      email: 'victim@example.com',
      verificationToken: forgedToken,
      clientSignature: { ...clientSignature, signature: 'zz' },
    },
    'email_not_verified',
  ),
  signUp(
    'a proof without the email it proves',
    { ...validSignUp, verificationToken: forgedToken, clientSignature },
    'invalid_body',
  ),
  signUp(
    'no challenge',
    { ...validSignUp, challenge: undefined },
    'invalid_challenge',
  ),
  signUp(
    'a padded standard-base64 challenge',
    {
      ...validSignUp,
      challenge: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc+/w==',
    },
    'invalid_challenge',
    'base64url',
  ),
  signUp(
    'a challenge of 8 bytes',
    { ...validSignUp, challenge: b64url(new Uint8Array(8)) },
    'invalid_challenge',
    '16 to 64 bytes',
  ),
  signUp(
    'no attestation',
    { ...validSignUp, attestation: undefined },
    'invalid_attestation',
  ),
  signUp(
    'the attestation as an array',
    { ...validSignUp, attestation: [attestation] },
    'invalid_attestation',
  ),
  signUp(
    'a credentialId that is not base64url',
    withAttestation({ credentialId: 'not base64url!' }),
    'invalid_attestation',
    '`attestation.credentialId`',
  ),
  signUp(
    'a credentialId over 1023 bytes',
    withAttestation({ credentialId: b64url(new Uint8Array(1024)) }),
    'invalid_attestation',
    '`attestation.credentialId`',
  ),
  signUp(
    'clientDataJSON of another challenge',
    withAttestation({
      clientDataJson: b64url(
        JSON.stringify({
          type: 'webauthn.create',
          challenge: b64url(new Uint8Array(32).fill(9)),
          origin: 'https://app.example',
        }),
      ),
    }),
    'invalid_attestation',
    '`attestation.clientDataJson`',
  ),
  signUp(
    'clientDataJSON of a log-in (webauthn.get)',
    withAttestation({
      clientDataJson: b64url(
        JSON.stringify({
          type: 'webauthn.get',
          challenge,
          origin: 'https://app.example',
        }),
      ),
    }),
    'invalid_attestation',
    '`attestation.clientDataJson`',
  ),
  signUp(
    'clientDataJSON that is not JSON',
    withAttestation({ clientDataJson: b64url('{"type":') }),
    'invalid_attestation',
  ),
  signUp(
    'an empty attestationObject',
    withAttestation({ attestationObject: '' }),
    'invalid_attestation',
    '`attestation.attestationObject`',
  ),
  signUp(
    'an extra field in the attestation',
    withAttestation({ aaguid: 'x' }),
    'unknown_field',
    'in attestation',
  ),
  signUp(
    'transports as one string',
    withAttestation({ transports: 'AUTHENTICATOR_TRANSPORT_INTERNAL' }),
    'invalid_transports',
  ),
  signUp(
    'an unknown transport',
    withAttestation({ transports: ['carrier-pigeon'] }),
    'invalid_transports',
  ),
  signUp(
    'a transport named after an Object property (toString)',
    withAttestation({ transports: ['toString'] }),
    'invalid_transports',
  ),
  signUp(
    'a transport as a number',
    withAttestation({ transports: [1] }),
    'invalid_transports',
  ),

  // --- recovery start -------------------------------------------------------
  handlerCase(
    'host backend recovery start',
    'startRecovery',
    'no content type',
    { contentType: null, body: JSON.stringify(validRecovery) },
    refused(415, 'unsupported_content_type'),
  ),
  handlerCase(
    'host backend recovery start',
    'startRecovery',
    'a PUT instead of a POST',
    { method: 'PUT', body: JSON.stringify(validRecovery) },
    refused(405, 'method_not_allowed'),
  ),
  handlerCase(
    'host backend recovery start',
    'startRecovery',
    'a body over 64 KiB',
    {
      body: JSON.stringify({
        ...validRecovery,
        email: `${'a'.repeat(70_000)}@example.com`,
      }),
    },
    refused(413, 'body_too_large'),
  ),
  recovery('text that is not JSON', 'email=ada@example.com', 'invalid_json'),
  recovery('an array instead of the object', [validRecovery], 'invalid_body'),
  recovery('no email', { ...validRecovery, email: undefined }, 'invalid_email'),
  recovery(
    'an email without a domain',
    { ...validRecovery, email: 'ada@' },
    'invalid_email',
  ),
  recovery(
    'an email with a header injection',
    { ...validRecovery, email: 'ada@example.com\r\nBcc: eve@example.com' },
    'invalid_email',
  ),
  recovery(
    'an unknown recovery type',
    { ...validRecovery, type: 'sms' },
    'invalid_recovery_type',
  ),
  recovery(
    'no recovery type',
    { ...validRecovery, type: undefined },
    'invalid_recovery_type',
  ),
  recovery(
    'the type in capitals',
    { ...validRecovery, type: 'PASSKEY' },
    'invalid_recovery_type',
  ),
  recovery(
    'a compressed target key',
    {
      ...validRecovery,
      targetPublicKey: toHex(
        p256.getPublicKey(p256.utils.randomPrivateKey(), true),
      ),
    },
    'invalid_target_public_key',
    '130 hex characters starting with 04',
  ),
  recovery(
    'a target key one byte short',
    { ...validRecovery, targetPublicKey: targetPublicKey.slice(0, 128) },
    'invalid_target_public_key',
  ),
  recovery(
    'a target key that is not hex',
    { ...validRecovery, targetPublicKey: `04${'zz'.repeat(64)}` },
    'invalid_target_public_key',
  ),
  recovery(
    'a 0x-prefixed target key',
    { ...validRecovery, targetPublicKey: `0x${targetPublicKey}` },
    'invalid_target_public_key',
  ),
  recovery(
    'a target key off the curve',
    { ...validRecovery, targetPublicKey: offCurve },
    'invalid_target_public_key',
    'on the curve',
  ),
  recovery(
    'an organizationId to aim at another account',
    { ...validRecovery, organizationId },
    'unknown_field',
    '`organizationId`',
  ),
  recovery(
    'a __proto__ key',
    `{"__proto__":{"type":"email"},${JSON.stringify(validRecovery).slice(1)}`,
    'unknown_field',
  ),
  handlerCase(
    'host backend recovery start',
    'fetch',
    'a route that is neither',
    {
      body: JSON.stringify(validRecovery),
      path: '/api/start-recovery/../admin',
    },
    refused(404, 'not_found'),
  ),

  // --- createPasskeyBackend(options) ----------------------------------------
  badOption('no options at all', undefined, 'organizationId'),
  badOption(
    'an organization name instead of its UUID',
    { organizationId: 'acme' },
    'organizationId',
  ),
  badOption(
    'no private key (unset env variable)',
    { apiPrivateKey: undefined },
    'apiPrivateKey',
  ),
  badOption(
    'a 0x-prefixed private key',
    { apiPrivateKey: `0x${parentPrivateKey}` },
    'apiPrivateKey',
  ),
  badOption(
    'a private key with a trailing newline',
    { apiPrivateKey: `${parentPrivateKey}\n` },
    'apiPrivateKey',
  ),
  badOption(
    'a private key of zeros',
    { apiPrivateKey: '0'.repeat(64) },
    'apiPrivateKey',
  ),
  badOption(
    'an uncompressed public key',
    { apiPublicKey: toHex(p256.getPublicKey(parentPrivateKey, false)) },
    'apiPublicKey',
  ),
  badOption(
    'the public key of another API key',
    {
      apiPublicKey: toHex(
        p256.getPublicKey(p256.utils.randomPrivateKey(), true),
      ),
    },
    'apiPublicKey',
  ),
  badOption(
    'keys swapped',
    { apiPublicKey: parentPrivateKey, apiPrivateKey: parentPublicKey },
    'apiPrivateKey',
  ),
  badOption(
    'an API URL that is not a URL',
    { apiBaseUrl: 'api.turnkey.com' },
    'apiBaseUrl',
  ),
  badOption(
    'plain http to a remote vendor',
    { apiBaseUrl: 'http://api.turnkey.com' },
    'apiBaseUrl',
  ),
  badOption(
    'an API URL with credentials',
    { apiBaseUrl: 'https://user:pass@api.turnkey.com' },
    'apiBaseUrl',
  ),
  badOption(
    'waitUntil as a string',
    { waitUntil: 'after' as never },
    'waitUntil',
  ),
  badOption('no appName', { appName: undefined }, 'appName'),
  badOption('a blank appName', { appName: '  ' }, 'appName'),
  badOption('a timeout of 0', { vendorTimeoutMs: 0 }, 'vendorTimeoutMs'),
  badOption('authorize as a string', { authorize: 'yes' }, 'authorize'),
  badOption(
    'a recovery floor of a minute',
    { startRecoveryFloorMs: 60_000 },
    'startRecoveryFloorMs',
  ),
  badOption(
    'a compressed verification token key',
    { verificationTokenPublicKey: `02${'ab'.repeat(32)}` },
    'verificationTokenPublicKey',
  ),
  badOption(
    'a timeout as a string from an env variable',
    { vendorTimeoutMs: '10000' },
    'vendorTimeoutMs',
  ),
  badOption(
    'fetch given as a URL',
    { fetch: 'https://api.turnkey.com' },
    'fetch',
  ),
]

runCases(cases)
