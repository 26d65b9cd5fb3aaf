import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { hashMessage, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Fault } from '../../sandbox/turnkey/Faults.js'
import {
  generateApiKeyPair,
  startVendor,
  type Vendor,
} from '../../sandbox/turnkey/startVendor.js'
import { toVendorAccount } from '../../src/passkey/vendorAccount.js'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import {
  VendorActivityError,
  VendorConsensusNeededError,
  VendorRequestError,
} from '../../src/turnkey/errors.js'
import type { Stamper } from '../../src/turnkey/stampers.js'
import { armFault } from '../helpers/sandboxSwitches.js'
import { signUp } from '../helpers/vendorUsers.js'

let vendor: Vendor
let user: Awaited<ReturnType<typeof signUp>>
let stamper: Stamper

beforeAll(async () => {
  vendor = await startVendor()
  user = await signUp(vendor, 'ada')
  const software = user.passkey.stamper()
  stamper = {
    kind: 'passkey',
    async stamp(body) {
      const { stampHeaderName, stampHeaderValue } = await software.stamp(body)
      return { header: stampHeaderName, value: stampHeaderValue }
    },
  }
})
afterAll(() => vendor.stop())

const arm = (fault: Fault['kind']) =>
  armFault(vendor.url, '/public/v1/submit/sign_raw_payload', fault)

describe("the passkey wallet's vendor client against the emulator", () => {
  const client = () =>
    createVendorClient({ baseUrl: vendor.url, now: () => vendor.clock.now() })
  const account = () =>
    toVendorAccount({
      address: user.address,
      organizationId: user.organizationId,
      vendor: client(),
      stamper: () => stamper,
    })

  it('signs messages and typed data that verify for the wallet address', async () => {
    const signature = await account().signMessage({ message: 'hello' })
    expect(
      await verifyMessage({
        address: user.address,
        message: 'hello',
        signature,
      }),
    ).toBe(true)
    const typedData = {
      domain: { name: 'Test', version: '1', chainId: 1 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const typedSignature = await account().signTypedData(typedData)
    expect(
      await verifyTypedData({
        address: user.address,
        signature: typedSignature,
        ...typedData,
      }),
    ).toBe(true)
  })

  it('logs the everyday failures as warnings and the rest as errors', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const unknownKey: Stamper = {
        kind: 'session',
        stamp: async (body) => {
          const { stampHeaderValue } = await new ApiKeyStamper({
            apiPublicKey: generateApiKeyPair().publicKey,
            apiPrivateKey: generateApiKeyPair().privateKey,
          }).stamp(body)
          return { header: 'X-Stamp', value: stampHeaderValue }
        },
      }
      await expect(
        client().query(
          'whoami',
          { organizationId: user.organizationId },
          unknownKey,
        ),
      ).rejects.toThrow(/could not find public key/)
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/could not find public key/),
      )
      expect(error).not.toHaveBeenCalled()
      await expect(
        client().query(
          'get_user',
          { organizationId: user.organizationId, userId: 'nobody' },
          stamper,
        ),
      ).rejects.toThrow(VendorRequestError)
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/no user found/))
    } finally {
      warn.mockRestore()
      error.mockRestore()
    }
  })

  it("keeps the vendor's code, message and details", async () => {
    const error = await client()
      .query(
        'get_user',
        { organizationId: user.organizationId, userId: 'nobody' },
        stamper,
      )
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VendorRequestError)
    expect(error).toMatchObject({
      status: 404,
      vendorCode: 5,
      vendorMessage: 'no user found with the given ID',
    })
  })

  it('gives the bare HTTP status when the body is not JSON', async () => {
    await arm('http500')
    const error = await account()
      .signMessage({ message: 'x' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VendorRequestError)
    expect((error as VendorRequestError).shortMessage).toBe(
      'Internal Server Error',
    )
  })

  it('raises consensus-needed with the activity id, and any other status as not completed', async () => {
    await arm('consensus')
    const consensus = await account()
      .signMessage({ message: 'y' })
      .catch((e: unknown) => e)
    expect(consensus).toBeInstanceOf(VendorConsensusNeededError)
    expect((consensus as VendorConsensusNeededError).activityId).toMatch(
      /^[0-9a-f-]{36}$/,
    )
    await arm('failed')
    const failed = await account()
      .signMessage({ message: 'z' })
      .catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(VendorActivityError)
    expect((failed as VendorActivityError).shortMessage).toBe(
      'Expected COMPLETED status',
    )
    expect((failed as VendorActivityError).activityStatus).toBe(
      'ACTIVITY_STATUS_FAILED',
    )
  })

  it('sends exactly one vendor request per signature', async () => {
    let requests = 0
    const counting = createVendorClient({
      baseUrl: vendor.url,
      now: () => vendor.clock.now(),
      fetch: (...args) => {
        requests++
        return fetch(...args)
      },
    })
    await toVendorAccount({
      address: user.address,
      organizationId: user.organizationId,
      vendor: counting,
      stamper: () => stamper,
    }).signMessage({ message: hashMessage('count me') })
    expect(requests).toBe(1)
  })
})
