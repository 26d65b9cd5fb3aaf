import { connect } from '@wagmi/core'
import { afterAll, afterEach, beforeAll, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { createPasskeyBackend } from '../../src/exports/server.js'
import { AmbiguousPasskeyError } from '../../src/passkey/errors.js'
import {
  afterAnswers,
  recoveredAccount,
  sandboxBackendOptions,
  signUpRequest,
} from '../helpers/hostBackend.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import { signUp } from '../helpers/vendorUsers.js'

/*
 * A passkey's credential id is public. A stranger who registers it on an
 * account of his own makes the vendor unable to tell whose log-in it is:
 * the victim gets AmbiguousPasskeyError, which sends her to recovery, and
 * her recovery reaches her own account.
 */

const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
let vendor: Vendor
const { waitUntil, sent } = afterAnswers()

beforeAll(async () => {
  vendor = await startVendor()
})
afterAll(() => vendor.stop())
// stubWebauthn stands in for the browser: nothing of it is left for the next file.
afterEach(() => vi.unstubAllGlobals())

/** A stranger's own account, and `credentialId` (public) registered on it with his own key. */
async function squatOn(credentialId: string) {
  const stranger = await signUp(vendor, `stranger${Date.now()}`)
  const squat = new SoftwareAuthenticator()
  Object.defineProperty(squat, 'credentialId', { value: credentialId })
  const added = await stranger.client.createAuthenticators({
    type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
    timestampMs: String(Date.now()),
    organizationId: stranger.organizationId,
    parameters: {
      userId: stranger.userId,
      authenticators: [squat.register()],
    },
  })
  expect(added.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
}

it('a log-in whose credential id a stranger registered too: AmbiguousPasskeyError, nothing connected; her email recovery still reaches her account', async () => {
  const backend = createPasskeyBackend({
    ...sandboxBackendOptions(vendor),
    appName: 'Squat test',
    waitUntil,
    verificationTokenPublicKey: vendor.signerPublicKey,
    startRecoveryFloorMs: 0,
  })
  const email = 'squatted@example.com'
  const { passkey, request } = await signUpRequest(
    backend,
    vendor.url,
    'victim',
    email,
  )
  const signedUp = await backend.signUp(request)
  const { subOrganizationId } = (await signedUp.json()) as {
    subOrganizationId: string
  }

  // The stranger's own account, and the victim's credential id on it (with his own key).
  await squatOn(passkey.credentialId)

  // The victim logs in on a new device.
  stubWebauthn(() => passkey)
  const config = passkeyHostConfig(
    vendor,
    [mainnet!],
    {},
    memoryStorage('host').storage,
  )
  const failed = await connect(config, {
    connector: config.connectors[0]!,
  }).catch((error: unknown) => error)
  expect(failed).toBeInstanceOf(AmbiguousPasskeyError)
  expect(failed).toMatchObject({
    code: 'ambiguous_passkey',
    shortMessage: 'This passkey is registered to more than one account.',
  })
  expect(config.state.status).toBe('disconnected')

  // Recovery by email: the code opens her account, not the stranger's.
  expect(await recoveredAccount(backend, vendor, email, sent)).toBe(
    subOrganizationId,
  )
})

it('on a device still connected to her account in storage, a log-in asks that account first: the squatted credential id confuses nothing; another account’s passkey still logs in', async () => {
  const victim = await signUp(vendor, `victim${Date.now()}`)
  const other = await signUp(vendor, `other${Date.now()}`)
  let passkey = victim.passkey
  stubWebauthn(() => passkey)
  const host = memoryStorage('host')
  const first = passkeyHostConfig(vendor, [mainnet!], {}, host.storage)
  await connect(first, { connector: first.connectors[0]! })

  // The stranger registers her credential id on his own account.
  await squatOn(victim.passkey.credentialId)

  // A reload whose host does not reconnect: the user taps "Log in" again.
  const again = passkeyHostConfig(vendor, [mainnet!], {}, host.storage)
  const { accounts } = await connect(again, {
    connector: again.connectors[0]!,
  })
  expect(accounts).toEqual([victim.address])

  // Another account's passkey on the same device: her account does not know
  // it, and the parent finds the right one.
  const third = passkeyHostConfig(vendor, [mainnet!], {}, host.storage)
  passkey = other.passkey
  const switched = await connect(third, { connector: third.connectors[0]! })
  expect(switched.accounts).toEqual([other.address])
})
