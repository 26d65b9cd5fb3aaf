import {
  createHash,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto'

/** Just enough CBOR for WebAuthn attestation objects and COSE keys. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 256) return Buffer.from([(major << 5) | 24, length])
    return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  }
  if (typeof value === 'number')
    return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array)
    return Buffer.concat([head(2, value.length), value])
  if (value instanceof Map)
    return Buffer.concat([
      head(5, value.size),
      ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]),
    ])
  throw new TypeError(`cbor: cannot encode ${typeof value}`)
}

const sha256 = (data: Uint8Array | string) =>
  createHash('sha256').update(data).digest()

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 }

/**
 * A software passkey (ES256, "none" attestation) for node tests, producing
 * exactly what a browser hands to the vendor's SDK.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32).toString('base64url')
  readonly origin: string
  readonly rpId: string
  counter = 0
  private readonly privateKey: KeyObject
  private readonly publicJwk: { x: string; y: string }

  constructor({ rpId = 'localhost', origin = 'http://localhost:5173' } = {}) {
    this.rpId = rpId
    this.origin = origin
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
    })
    this.privateKey = privateKey
    this.publicJwk = publicKey.export({ format: 'jwk' }) as {
      x: string
      y: string
    }
  }

  /**
   * Registration in the vendor's `AuthParams` shape (`attestation` +
   * `challenge`), over `challenge` (base64url) when the page gave one.
   */
  register(
    authenticatorName = 'Passkey',
    challenge = randomBytes(32).toString('base64url'),
  ) {
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    )
    const credentialId = Buffer.from(this.credentialId, 'base64url')
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([
        flags.userPresent | flags.userVerified | flags.attestedData,
      ]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
      credentialId,
      coseKey,
    ])
    const clientDataJson = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge,
        origin: this.origin,
        crossOrigin: false,
      }),
    )
    return {
      authenticatorName,
      challenge,
      attestation: {
        credentialId: this.credentialId,
        clientDataJson: clientDataJson.toString('base64url'),
        attestationObject: cbor(
          new Map<string, unknown>([
            ['fmt', 'none'],
            ['attStmt', new Map()],
            ['authData', authData],
          ]),
        ).toString('base64url'),
        transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL' as const],
      },
    }
  }

  /** An assertion over `challenge` (base64url); `rpId`, `counter` and the page's `origin` can be forged for tests. */
  assert(
    challenge: string,
    { rpId = this.rpId, counter = ++this.counter, origin = this.origin } = {},
  ) {
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | flags.userVerified]),
      Buffer.from([
        counter >>> 24,
        (counter >> 16) & 0xff,
        (counter >> 8) & 0xff,
        counter & 0xff,
      ]),
    ])
    const clientDataJson = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge,
        origin,
        crossOrigin: false,
      }),
    )
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJson)]),
      this.privateKey,
    )
    return {
      authenticatorData: authenticatorData.toString('base64url'),
      clientDataJson: clientDataJson.toString('base64url'),
      credentialId: this.credentialId,
      signature: signature.toString('base64url'),
    }
  }

  /** A stamper for the vendor's clients: signs hex(sha256(body)) as the WebAuthn challenge. */
  stamper(options: { rpId?: string; counter?: number } = {}) {
    return {
      stamp: async (body: string) => ({
        stampHeaderName: 'X-Stamp-Webauthn',
        stampHeaderValue: JSON.stringify(
          this.assert(
            Buffer.from(sha256(body).toString('hex')).toString('base64url'),
            options,
          ),
        ),
      }),
    }
  }
}
