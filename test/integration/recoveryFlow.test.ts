import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { createRecoveryFlow } from '../../src/recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../../src/recovery/recoveryStateStore.js'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import type { RecoveryStartRequest } from '../../src/turnkey/hostBackendContract.js'
import { codeFrameInNode } from '../helpers/codeFrameInNode.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import { armFault, vendorActivities } from '../helpers/sandboxSwitches.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import { backendClient, emailsTo, signUp } from '../helpers/vendorUsers.js'

let vendor: Vendor
beforeAll(async () => {
  vendor = await startVendor()
})
afterAll(() => vendor.stop())

/** The host backend's half: the parent key asks the vendor to email the code. */
function hostBackend({
  issue,
  keySeconds,
}: {
  issue?: 'email' | 'passkey'
  keySeconds?: number
} = {}) {
  return async ({ email, type, targetPublicKey }: RecoveryStartRequest) => {
    const backend = backendClient(vendor)
    const { organizationIds } = await backend.getSubOrgIds({
      filterType: 'EMAIL',
      filterValue: email,
    })
    const request = {
      organizationId: organizationIds[0]!,
      email,
      targetPublicKey,
      emailCustomization: { appName: 'recovery test' },
      expirationSeconds: String(
        keySeconds ?? ((issue ?? type) === 'passkey' ? 900 : 1800),
      ),
    }
    const { userId } =
      (issue ?? type) === 'passkey'
        ? await backend.initUserEmailRecovery(request)
        : await backend.emailAuth(request)
    expect(userId).toBeTypeOf('string')
    return { accepted: true }
  }
}

function setup({
  issue,
  keySeconds,
  start,
  clock = { seconds: Math.floor(Date.now() / 1000) },
}: {
  issue?: 'email' | 'passkey'
  keySeconds?: number
  start?: (request: RecoveryStartRequest) => Promise<unknown>
  clock?: { seconds: number }
} = {}) {
  const { storage: wagmiStorage, memory } = memoryStorage('test')
  const newPasskey = new SoftwareAuthenticator()
  const forgotten: string[] = []
  const flow = createRecoveryFlow({
    vendor: createVendorClient({ baseUrl: vendor.url }),
    parentOrganizationId: vendor.parentOrganizationId,
    start: (start ?? hostBackend({ issue, keySeconds })) as never,
    openCodeFrame: codeFrameInNode,
    stateStore: createRecoveryStateStore({
      storage: wagmiStorage,
      key: 'passkeyWallet',
      now: () => clock.seconds,
    }),
    sessionExpirationSeconds: 1800,
    createPasskey: async () => {
      const { challenge, attestation } = newPasskey.register()
      return { challenge, attestation }
    },
    forgetPasskey: async (credentialId) => {
      forgotten.push(credentialId)
    },
    now: () => clock.seconds,
  })
  return { flow, memory, newPasskey, clock, forgotten }
}

const codeFor = async (email: string) =>
  (await emailsTo(vendor, email)).at(-1)!.secret

async function authenticatorsOf(user: Awaited<ReturnType<typeof signUp>>) {
  const { user: found } = await backendClient(vendor).getUser({
    organizationId: user.organizationId,
    userId: user.userId,
  })
  return found.authenticators.map((a) => a.credentialId)
}

describe('createRecoveryFlow against the vendor emulator', () => {
  it('email recovery: code, recovery session stored without secrets, new passkey, state cleared', async () => {
    const user = await signUp(vendor, `rosa${Date.now()}`)
    const { flow, memory, newPasskey, clock } = setup()
    const steps: string[] = []
    flow.subscribe(() => steps.push(flow.getSnapshot().step))

    await flow.sendEmail({ email: ` ${user.email} `, type: 'email' })
    expect(flow.getSnapshot()).toMatchObject({
      step: 'waiting-for-code',
      email: user.email,
      codeExpiresAt: clock.seconds + 900,
    })
    const code = await codeFor(user.email)
    await flow.submitCode(code)
    expect(flow.getSnapshot()).toMatchObject({
      step: 'ready-to-create-passkey',
      sessionExpiresAt: clock.seconds + 1800,
    })
    const stored = memory.get('test.passkeyWallet.recovery')!
    expect(JSON.parse(stored)).toEqual({
      type: 'email',
      userId: user.userId,
      createdAt: clock.seconds,
      sessionExpirationSeconds: 1800,
    })
    expect(stored).not.toContain(code)

    await flow.createPasskey()
    expect(flow.getSnapshot().step).toBe('passkey-created')
    expect(memory.has('test.passkeyWallet.recovery')).toBe(false)
    expect(await authenticatorsOf(user)).toContain(newPasskey.credentialId)
    expect(steps).toEqual([
      'sending-email',
      'waiting-for-code',
      'verifying-code',
      'ready-to-create-passkey',
      'creating-passkey',
      'passkey-created',
    ])
  })

  it("email recovery keeps the user's email and tags: update_user sends them as they were", async () => {
    const user = await signUp(vendor, `tove${Date.now()}`)
    // A host that tags its users (a plan, a role) must not lose the tag to a recovery.
    const tagged = await user.client.createUserTag({
      type: 'ACTIVITY_TYPE_CREATE_USER_TAG',
      timestampMs: String(Date.now()),
      organizationId: user.organizationId,
      parameters: { userTagName: 'plan:pro', userIds: [user.userId] },
    })
    const tagId = tagged.activity.result.createUserTagResult!.userTagId
    const { flow } = setup()
    await flow.sendEmail({ email: user.email, type: 'email' })
    await flow.submitCode(await codeFor(user.email))
    await flow.createPasskey()

    // What the vendor received: the user's own email and tag ids, nothing cleared.
    const activities = await vendorActivities(
      vendor.url,
      'ACTIVITY_TYPE_UPDATE_USER',
    )
    const updates = activities.filter(
      (a) => a.organizationId === user.organizationId,
    )
    expect(updates.map((a) => a.intent)).toEqual([
      {
        updateUserIntent: {
          userId: user.userId,
          userEmail: user.email,
          userTagIds: [tagId],
        },
      },
    ])
    const { user: after } = await backendClient(vendor).getUser({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(after.userEmail).toBe(user.email)
    expect(after.userTags).toEqual([tagId])
  })

  it('passkey recovery replaces the passkey through recover_user, and the code is single-use', async () => {
    const user = await signUp(vendor, `pia${Date.now()}`)
    const { flow, memory, newPasskey } = setup()
    await flow.sendEmail({ email: user.email, type: 'passkey' })
    const code = await codeFor(user.email)
    await flow.submitCode(code)
    expect(memory.size).toBe(0)
    await flow.createPasskey()
    expect(await authenticatorsOf(user)).toContain(newPasskey.credentialId)

    // The code's key signed recover_user alone, and the vendor deleted it after.
    const activities = await vendorActivities(
      vendor.url,
      'ACTIVITY_TYPE_RECOVER_USER',
    )
    expect(
      activities.filter((a) => a.organizationId === user.organizationId),
    ).toHaveLength(1)
    const { user: after } = await backendClient(vendor).getUser({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(after.apiKeys.map((k) => k.credential.type)).not.toContain(
      'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
    )
    // recover_user registers the new passkey as authenticatorName 'Passkey'.
    expect(
      after.authenticators.find(
        ({ credentialId }) => credentialId === newPasskey.credentialId,
      )?.authenticatorName,
    ).toBe('Passkey')
    expect(flow.getSnapshot().step).toBe('passkey-created')
  })

  it('refuses a code of the wrong credential type with the one sentence (email recovery reads it)', async () => {
    const user = await signUp(vendor, `wes${Date.now()}`)
    // The page asked for email recovery, the backend issued a recover-user key: it may not even read the user.
    const { flow } = setup({ issue: 'passkey' })
    await flow.sendEmail({ email: user.email, type: 'email' })
    const error = await flow
      .submitCode(await codeFor(user.email))
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'InvalidEmailCodeError',
      shortMessage: 'The code is invalid or expired.',
      reason: expect.stringMatching(
        /^the vendor refused the code's key: request not authorized: a recovery credential may sign recover_user and whoami only, not get_user/,
      ),
    })
    expect(flow.getSnapshot()).toMatchObject({
      step: 'waiting-for-code',
      error,
    })
  })

  it('refuses a code of the wrong credential type in passkey recovery when the vendor does, and forgets the passkey made for it', async () => {
    const user = await signUp(vendor, `wen${Date.now()}`)
    // The page asked for passkey recovery, the backend issued an email-auth key.
    const { flow, newPasskey, forgotten } = setup({ issue: 'email' })
    await flow.sendEmail({ email: user.email, type: 'passkey' })
    await flow.submitCode(await codeFor(user.email))
    const error = await flow.createPasskey().catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'InvalidEmailCodeError',
      shortMessage: 'The code is invalid or expired.',
      reason: expect.stringMatching(/^the vendor refused the recovery key/),
    })
    expect(flow.getSnapshot().step).toBe('idle')
    expect(await authenticatorsOf(user)).not.toContain(newPasskey.credentialId)
    expect(forgotten).toEqual([newPasskey.credentialId])
  })

  it('refuses a code older than 900 s by the client clock', async () => {
    const user = await signUp(vendor, `otto${Date.now()}`)
    const clock = { seconds: Math.floor(Date.now() / 1000) }
    const { flow } = setup({ clock })
    await flow.sendEmail({ email: user.email, type: 'email' })
    // 900 s after now: the vendor made the key before now, so it is at least that old.
    clock.seconds = Math.floor(Date.now() / 1000) + 900
    await expect(
      flow.submitCode(await codeFor(user.email)),
    ).rejects.toMatchObject({ reason: expect.stringMatching(/900 s/) })
  })

  it('a recovery session past 1800 s signs nothing more: back to the start', async () => {
    const user = await signUp(vendor, `sven${Date.now()}`)
    const { flow, memory, clock } = setup()
    await flow.sendEmail({ email: user.email, type: 'email' })
    await flow.submitCode(await codeFor(user.email))
    clock.seconds += 1800
    await expect(flow.createPasskey()).rejects.toMatchObject({
      name: 'InvalidEmailCodeError',
      reason: 'the recovery session ended; request a new code',
    })
    expect(flow.getSnapshot().step).toBe('idle')
    expect(memory.size).toBe(0)
    expect(await authenticatorsOf(user)).toHaveLength(1)
  })

  it('actions out of order are refused and change nothing', async () => {
    const { flow } = setup()
    await expect(flow.submitCode('x')).rejects.toMatchObject({
      name: 'FlowStepError',
      code: 'flow_step',
      flow: 'recovery',
      shortMessage: 'submitCode() cannot run while recovery is at "idle".',
    })
    await expect(flow.createPasskey()).rejects.toMatchObject({
      name: 'FlowStepError',
      action: 'createPasskey',
      step: 'idle',
    })
    expect(flow.getSnapshot().step).toBe('idle')
  })

  it('a backend that refuses to send keeps the form, with an error naming recovery.start', async () => {
    const { flow } = setup()
    const rejected = await flow
      .sendEmail({ email: 'nobody@example.com', type: 'email' })
      .catch((e: unknown) => e)
    // This test backend throws on an unknown email; the flow keeps the form.
    expect(rejected).toMatchObject({
      name: 'HostBackendError',
      callback: 'recovery.start',
      shortMessage:
        "The app's server could not send the code. Please try again.",
    })
    expect(flow.getSnapshot().step).toBe('idle')
    expect(flow.getSnapshot().error).toBe(rejected)
  })

  it('a backend answering HTTP 500, or passkey recovery without the user it sent to, never says a code was sent', async () => {
    for (const [type, answer, status] of [
      ['email', new Response('upstream down', { status: 500 }), 500],
      ['passkey', Response.json({}), undefined],
      ['passkey', { userId: 'not-a-uuid', organizationId: 'x' }, undefined],
    ] as const) {
      const { flow } = setup({ start: async () => answer })
      const error = await flow
        .sendEmail({ email: 'ada@example.com', type })
        .catch((e: unknown) => e)
      expect(error).toMatchObject({
        name: 'HostBackendError',
        callback: 'recovery.start',
        status,
      })
      expect(flow.getSnapshot()).toMatchObject({
        step: 'idle',
        email: undefined,
        error,
      })
    }
  })

  it("the recovery session ends with the code's key when the backend made it shorter", async () => {
    const user = await signUp(vendor, `kai${Date.now()}`)
    const { flow, memory, clock } = setup({ keySeconds: 600 })
    await flow.sendEmail({ email: user.email, type: 'email' })
    await flow.submitCode(await codeFor(user.email))
    const { sessionExpiresAt } = flow.getSnapshot()
    // The vendor made the key between setup and now: it ends 600 s after that.
    const keyMadeBy = Math.floor(Date.now() / 1000)
    expect(sessionExpiresAt).toBeGreaterThanOrEqual(clock.seconds + 600)
    expect(sessionExpiresAt).toBeLessThanOrEqual(keyMadeBy + 600)
    expect(
      JSON.parse(memory.get('test.passkeyWallet.recovery')!)
        .sessionExpirationSeconds,
    ).toBe(sessionExpiresAt! - clock.seconds)
  })

  it('a retry after the vendor failed midway adds one passkey, not two', async () => {
    const user = await signUp(vendor, `ines${Date.now()}`)
    const { flow } = setup()
    let prompts = 0
    await flow.sendEmail({ email: user.email, type: 'email' })
    await flow.submitCode(await codeFor(user.email))
    flow.subscribe(() => {
      if (flow.getSnapshot().step === 'creating-passkey') prompts++
    })
    await armFault(vendor.url, '/public/v1/submit/update_user', 'http500')
    await expect(flow.createPasskey()).rejects.toMatchObject({
      name: 'VendorRequestError',
    })
    expect(flow.getSnapshot().step).toBe('ready-to-create-passkey')
    await flow.createPasskey()
    expect(flow.getSnapshot().step).toBe('passkey-created')
    expect(prompts).toBe(2)
    expect(await authenticatorsOf(user)).toHaveLength(2)
  })

  it('reset() while a code is being checked wins: the late answer changes nothing', async () => {
    const user = await signUp(vendor, `uma${Date.now()}`)
    const { flow, memory } = setup()
    await flow.sendEmail({ email: user.email, type: 'email' })
    const checking = flow.submitCode(await codeFor(user.email))
    await flow.reset()
    await checking
    expect(flow.getSnapshot().step).toBe('idle')
    expect(memory.size).toBe(0)
  })
})
