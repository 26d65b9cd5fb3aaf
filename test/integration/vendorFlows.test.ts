import {
  decryptCredentialBundle,
  decryptExportBundle,
  generateP256KeyPair,
  verifySessionJwtSignature,
} from '@turnkey/crypto'
import { assertActivityCompleted, TurnkeyClient } from '@turnkey/http'
import { type Hex, hashMessage, recoverMessageAddress } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { advanceClock, armFault } from '../helpers/sandboxSwitches.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import {
  backendClient,
  ethereumAccount,
  keyClient,
  lastEmail,
  signUp,
  toEthereumSignature,
} from '../helpers/vendorUsers.js'

let vendor: Vendor
beforeAll(async () => {
  vendor = await startVendor()
})
afterAll(() => vendor.stop())

const now = () => String(vendor.clock.now())

function personalSign(
  client: TurnkeyClient,
  organizationId: string,
  signWith: Hex,
  message: string,
) {
  return client.signRawPayload({
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: now(),
    organizationId,
    parameters: {
      signWith,
      payload: hashMessage(message),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    },
  })
}

describe('recovery, authentication and export flows', () => {
  it('resets to a fresh world with the same parent and keys', async () => {
    const separate = await startVendor()
    try {
      const user = await signUp(separate, 'reset')
      // A form post (another content type) cannot reach a sandbox route.
      const formPost = await fetch(`${separate.url}/sandbox/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      })
      expect(formPost.status).toBe(400)
      expect(
        (await backendClient(separate).getSubOrgIds({})).organizationIds,
      ).toHaveLength(1)
      const response = await fetch(`${separate.url}/sandbox/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(200)
      expect(
        (await backendClient(separate).getSubOrgIds({})).organizationIds,
      ).toEqual([])
      await expect(
        user.client.getWhoami({
          organizationId: separate.parentOrganizationId,
        }),
      ).rejects.toThrow(/credential ID could not be found/)
    } finally {
      await separate.stop()
    }
  })

  it('recovers a user by email with a new passkey; the recovery key is then gone', async () => {
    const user = await signUp(vendor, 'ada')
    const target = generateP256KeyPair()
    await backendClient(vendor).initUserEmailRecovery({
      organizationId: user.organizationId,
      email: user.email,
      targetPublicKey: target.publicKeyUncompressed,
      expirationSeconds: '900',
      emailCustomization: {
        appName: 'Playground',
        magicLinkTemplate: 'http://localhost:5173/recover?code=%s',
      },
    })
    const email = await lastEmail(vendor, user.email)
    expect(email.kind).toBe('recovery')
    expect(email.link).toBe(
      `http://localhost:5173/recover?code=${encodeURIComponent(email.secret)}`,
    )
    const recoveryKey = decryptCredentialBundle(email.secret, target.privateKey)
    const recovery = keyClient(vendor, recoveryKey)
    // The recovery credential signs recover_user alone (and may ask whose it is).
    await expect(
      recovery.getUser({
        organizationId: user.organizationId,
        userId: user.userId,
      }),
    ).rejects.toThrow(
      /recovery credential may sign recover_user and whoami only/,
    )
    const { user: before } = await backendClient(vendor).getUser({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(before.apiKeys.map((k) => k.credential.type)).toEqual([
      'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
    ])

    const newPasskey = new SoftwareAuthenticator()
    const { activity } = await recovery.recoverUser({
      type: 'ACTIVITY_TYPE_RECOVER_USER',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        userId: user.userId,
        authenticator: newPasskey.register('Passkey'),
      },
    })
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(activity.result.recoverUserResult?.authenticatorId).toHaveLength(1)

    const recovered = new TurnkeyClient(
      { baseUrl: vendor.url },
      newPasskey.stamper(),
    )
    const whoami = await recovered.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    expect(whoami.organizationId).toBe(user.organizationId)
    const signed = await personalSign(
      recovered,
      user.organizationId,
      user.address,
      'back again',
    )
    const { r, s, v } = signed.activity.result.signRawPayloadResult!
    expect(
      await recoverMessageAddress({
        message: 'back again',
        signature: toEthereumSignature({ r, s, v }),
      }),
    ).toBe(user.address)
    await expect(
      recovery.getWhoami({ organizationId: user.organizationId }),
    ).rejects.toThrow(/could not find public key/)
  })

  it('exports the seed phrase and the private key to a key the page never saw', async () => {
    const user = await signUp(vendor, 'grace')
    const { signerPublicKey } = (await (
      await fetch(`${vendor.url}/sandbox/keys`)
    ).json()) as {
      signerPublicKey: string
    }
    const { wallets } = await user.client.getWallets({
      organizationId: user.organizationId,
    })
    const target = generateP256KeyPair()
    const exported = await user.client.exportWallet({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        walletId: wallets[0]!.walletId,
        targetPublicKey: target.publicKeyUncompressed,
      },
    })
    const exportBundle =
      exported.activity.result.exportWalletResult!.exportBundle
    const mnemonic = await decryptExportBundle({
      exportBundle,
      embeddedKey: target.privateKey,
      organizationId: user.organizationId,
      dangerouslyOverrideSignerPublicKey: signerPublicKey,
      returnMnemonic: true,
    })
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(mnemonicToAccount(mnemonic).address).toBe(user.address)
    await expect(
      decryptExportBundle({
        exportBundle,
        embeddedKey: target.privateKey,
        organizationId: user.organizationId,
        returnMnemonic: true, // the production signer key: must refuse the sandbox's bundle
      }),
    ).rejects.toThrow(/does not match signer key/)
    await expect(
      decryptExportBundle({
        exportBundle,
        embeddedKey: generateP256KeyPair().privateKey,
        organizationId: user.organizationId,
        dangerouslyOverrideSignerPublicKey: signerPublicKey,
        returnMnemonic: true,
      }),
    ).rejects.toThrow()

    const accountTarget = generateP256KeyPair()
    const account = await user.client.exportWalletAccount({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        address: user.address,
        targetPublicKey: accountTarget.publicKeyUncompressed,
      },
    })
    const privateKey = await decryptExportBundle({
      exportBundle:
        account.activity.result.exportWalletAccountResult!.exportBundle,
      embeddedKey: accountTarget.privateKey,
      organizationId: user.organizationId,
      dangerouslyOverrideSignerPublicKey: signerPublicKey,
      returnMnemonic: false,
    })
    expect(privateKeyToAccount(`0x${privateKey}`).address).toBe(user.address)
    const after = await user.client.getWallets({
      organizationId: user.organizationId,
    })
    expect(after.wallets[0]!.exported).toBe(true)
  })

  it('authenticates by email with a key that expires', async () => {
    const user = await signUp(vendor, 'hopper')
    const target = generateP256KeyPair()
    const started = await backendClient(vendor).emailAuth({
      organizationId: user.organizationId,
      email: user.email,
      targetPublicKey: target.publicKeyUncompressed,
      expirationSeconds: '60',
      emailCustomization: { appName: 'Playground' },
    })
    expect(started.userId).toBe(user.userId)
    // Another email-auth with invalidateExisting replaces email-auth keys only.
    const { user: stored } = await backendClient(vendor).getUser({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(stored.apiKeys.map((k) => k.credential.type)).toEqual([
      'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
    ])
    const email = await lastEmail(vendor, user.email)
    const client = keyClient(
      vendor,
      decryptCredentialBundle(email.secret, target.privateKey),
    )
    expect(
      (await client.getWhoami({ organizationId: user.organizationId })).userId,
    ).toBe(user.userId)
    await advanceClock(vendor.url, 60_000)
    await expect(
      client.getWhoami({ organizationId: user.organizationId }),
    ).rejects.toThrow(/expired api key/)
  })

  it('authenticates by one-time code, refusing a wrong one', async () => {
    const user = await signUp(vendor, 'lamarr')
    const backend = backendClient(vendor)
    const { otpId } = await backend.initOtpAuth({
      organizationId: user.organizationId,
      otpType: 'OTP_TYPE_EMAIL',
      contact: user.email,
      appName: 'Playground',
      otpLength: 6,
      alphanumeric: false,
    })
    const { secret: code } = await lastEmail(vendor, user.email)
    expect(code).toMatch(/^\d{6}$/)
    const target = generateP256KeyPair()
    const wrong = code === '000000' ? '111111' : '000000'
    await expect(
      backend.otpAuth({
        organizationId: user.organizationId,
        otpId,
        otpCode: wrong,
        targetPublicKey: target.publicKeyUncompressed,
      }),
    ).rejects.toThrow(/invalid OTP code/)
    const { credentialBundle } = await backend.otpAuth({
      organizationId: user.organizationId,
      otpId,
      otpCode: code,
      targetPublicKey: target.publicKeyUncompressed,
    })
    const client = keyClient(
      vendor,
      decryptCredentialBundle(credentialBundle!, target.privateKey),
    )
    expect(
      (await client.getWhoami({ organizationId: user.organizationId })).userId,
    ).toBe(user.userId)
  })

  it('opens a read-write session and a stamp-login session from the passkey', async () => {
    const user = await signUp(vendor, 'noether')
    const target = generateP256KeyPair()
    const { activity } = await user.client.createReadWriteSession({
      type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      timestampMs: now(),
      organizationId: vendor.parentOrganizationId, // log-in: the passkey only knows the parent
      parameters: {
        targetPublicKey: target.publicKeyUncompressed,
        expirationSeconds: '900',
      },
    })
    const session = activity.result.createReadWriteSessionResultV2!
    expect(session.organizationId).toBe(user.organizationId)
    const sessionClient = keyClient(
      vendor,
      decryptCredentialBundle(session.credentialBundle, target.privateKey),
    )
    const signed = await personalSign(
      sessionClient,
      user.organizationId,
      user.address,
      'no prompt',
    )
    expect(signed.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')

    const loginKey = generateP256KeyPair()
    // The session expires 900 s after the second it was issued in.
    const issuedFromS = Math.floor(vendor.clock.now() / 1000)
    const login = await user.client.stampLogin({
      type: 'ACTIVITY_TYPE_STAMP_LOGIN',
      timestampMs: now(),
      organizationId: vendor.parentOrganizationId,
      parameters: { publicKey: loginKey.publicKey, expirationSeconds: '900' },
    })
    const jwt = login.activity.result.stampLoginResult!.session
    expect(
      await verifySessionJwtSignature(jwt, vendor.notarizerPublicKey),
    ).toBe(true)
    const claims = JSON.parse(atob(jwt.split('.')[1]!))
    expect(claims).toMatchObject({
      public_key: loginKey.publicKey,
      session_type: 'SESSION_TYPE_READ_WRITE',
      user_id: user.userId,
      organization_id: user.organizationId,
    })
    expect(claims.exp).toBeGreaterThanOrEqual(issuedFromS + 900)
    expect(claims.exp).toBeLessThanOrEqual(
      Math.floor(vendor.clock.now() / 1000) + 900,
    )
    const loggedIn = keyClient(vendor, loginKey.privateKey)
    expect(
      (await loggedIn.getWhoami({ organizationId: user.organizationId }))
        .userId,
    ).toBe(user.userId)
  })

  it('holds an activity for the root quorum until a second root user approves', async () => {
    const [alice, bob] = [
      new SoftwareAuthenticator(),
      new SoftwareAuthenticator(),
    ]
    const created = await backendClient(vendor).createSubOrganization({
      subOrganizationName: 'two keys',
      rootQuorumThreshold: 2,
      rootUsers: [alice, bob].map((passkey, index) => ({
        userName: `root ${index}`,
        apiKeys: [],
        authenticators: [passkey.register()],
        oauthProviders: [],
      })),
      wallet: {
        walletName: 'shared',
        accounts: [ethereumAccount],
      },
    })
    const organizationId = created.subOrganizationId
    const address = created.wallet!.addresses[0] as Hex
    const aliceClient = new TurnkeyClient(
      { baseUrl: vendor.url },
      alice.stamper(),
    )
    const bobClient = new TurnkeyClient({ baseUrl: vendor.url }, bob.stamper())

    const pending = await personalSign(
      aliceClient,
      organizationId,
      address,
      'two of two',
    )
    expect(pending.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED')
    expect(() => assertActivityCompleted(pending.activity)).toThrow(
      /consensus/i,
    )
    await expect(
      aliceClient.approveActivity({
        type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
        timestampMs: now(),
        organizationId,
        parameters: { fingerprint: pending.activity.fingerprint },
      }),
    ).rejects.toThrow(/already voted/)
    const approved = await bobClient.approveActivity({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      timestampMs: now(),
      organizationId,
      parameters: { fingerprint: pending.activity.fingerprint },
    })
    expect(approved.activity.id).toBe(pending.activity.id)
    expect(approved.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    const { r, s, v } = approved.activity.result.signRawPayloadResult!
    expect(
      await recoverMessageAddress({
        message: 'two of two',
        signature: toEthereumSignature({ r, s, v }),
      }),
    ).toBe(address)

    const refused = await personalSign(
      aliceClient,
      organizationId,
      address,
      'no',
    )
    const rejected = await bobClient.rejectActivity({
      type: 'ACTIVITY_TYPE_REJECT_ACTIVITY',
      timestampMs: now(),
      organizationId,
      parameters: { fingerprint: refused.activity.fingerprint },
    })
    expect(rejected.activity.status).toBe('ACTIVITY_STATUS_REJECTED')
    expect(rejected.activity.result).toEqual({})
  })

  it('fails the next requests of a path on demand: 500 without JSON, 429, a failed activity', async () => {
    const user = await signUp(vendor, 'turing')
    const path = '/public/v1/submit/sign_raw_payload'
    await armFault(vendor.url, path, 'http500')
    await expect(
      personalSign(user.client, user.organizationId, user.address, 'x'),
    ).rejects.toThrow('500 Internal Server Error')
    await armFault(vendor.url, path, 'http429')
    await expect(
      personalSign(user.client, user.organizationId, user.address, 'y'),
    ).rejects.toMatchObject({
      name: 'TurnkeyRequestError',
      code: 8,
    })
    await armFault(vendor.url, path, 'failed')
    const failed = await personalSign(
      user.client,
      user.organizationId,
      user.address,
      'z',
    )
    expect(failed.activity.status).toBe('ACTIVITY_STATUS_FAILED')
    expect(() => assertActivityCompleted(failed.activity)).toThrow(
      /Expected COMPLETED status/,
    )
    await armFault(vendor.url, path, 'consensus')
    const held = await personalSign(
      user.client,
      user.organizationId,
      user.address,
      'held',
    )
    expect(held.activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED')
    const released = await user.client.approveActivity({
      type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: { fingerprint: held.activity.fingerprint },
    })
    expect(released.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(released.activity.result.signRawPayloadResult?.r).toMatch(
      /^[0-9a-f]{64}$/,
    )

    // A slow path does not hold up the others.
    await armFault(vendor.url, path, 'delay', { delayMs: 400 })
    const finished: string[] = []
    await Promise.all([
      personalSign(user.client, user.organizationId, user.address, 'slow').then(
        () => finished.push('slow'),
      ),
      user.client
        .getWhoami({ organizationId: user.organizationId })
        .then(() => finished.push('whoami')),
    ])
    expect(finished).toEqual(['whoami', 'slow'])

    // PENDING until polled: the vendor client's poller waits it out.
    await armFault(vendor.url, path, 'pending', { polls: 2 })
    const pending = await personalSign(
      user.client,
      user.organizationId,
      user.address,
      'later',
    )
    expect(pending.activity.status).toBe('ACTIVITY_STATUS_PENDING')
    const poll = () =>
      user.client.getActivity({
        organizationId: user.organizationId,
        activityId: pending.activity.id,
      })
    expect((await poll()).activity.status).toBe('ACTIVITY_STATUS_PENDING')
    const done = await poll()
    expect(done.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(done.activity.result.signRawPayloadResult?.s).toMatch(
      /^[0-9a-f]{64}$/,
    )

    // Armed faults are used up: the next request goes through.
    const ok = await personalSign(
      user.client,
      user.organizationId,
      user.address,
      'w',
    )
    expect(ok.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
  })
})
