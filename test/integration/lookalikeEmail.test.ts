import { afterEach, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { LookalikeEmailError } from '../../src/core/email.js'
import { createRecoveryFlow } from '../../src/recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../../src/recovery/recoveryStateStore.js'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import { passkeyHostConfig } from '../helpers/passkeyHostInNode.js'

/*
 * An address with a character that NFKC turns into another (the Kelvin sign
 * for K) reads as somebody else's: the page refuses it with
 * LookalikeEmailError before it calls the host's backend or the vendor.
 */

const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
const parentOrganizationId = '0c4a3b0e-8f8e-4b52-9d6c-0d6a4f5c9e11'
// Nothing may reach it: every call here is refused first.
const nowhere = 'http://127.0.0.1:9'
const lookalike = '\u212Aim@example.com'

afterEach(() => vi.unstubAllGlobals())

it('passkeyWallet’s sendEmailCode: LookalikeEmailError naming what the address reads as, and the host’s backend is not called', async () => {
  const send = vi.fn()
  const verify = vi.fn()
  const { storage } = memoryStorage('host')
  const config = passkeyHostConfig(
    { url: nowhere, parentOrganizationId },
    [mainnet],
    { emailCode: { send, verify } },
    storage,
  )
  const error = await (
    config.connectors[0] as unknown as {
      sendEmailCode(email: string): Promise<unknown>
    }
  )
    .sendEmailCode(lookalike)
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(LookalikeEmailError)
  expect(error).toMatchObject({
    code: 'email_lookalike',
    shortMessage: 'This email address has a character that reads as another.',
    details: '"\u212Aim@example.com" reads as "kim@example.com"',
  })
  expect(send).not.toHaveBeenCalled()
})

it('recovery: the form stays with LookalikeEmailError, and recovery.start is not called', async () => {
  const start = vi.fn()
  let framesOpened = 0
  const flow = createRecoveryFlow({
    vendor: createVendorClient({ baseUrl: nowhere }),
    parentOrganizationId,
    start,
    openCodeFrame: async () => {
      framesOpened++
      throw new Error('no frame is expected')
    },
    stateStore: createRecoveryStateStore({ storage: null, key: 'recovery' }),
    sessionExpirationSeconds: 1800,
    createPasskey: async () => {
      throw new Error('no passkey is expected')
    },
  })
  const error = await flow
    .sendEmail({ email: lookalike, type: 'email' })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(LookalikeEmailError)
  expect(flow.getSnapshot()).toMatchObject({
    step: 'idle',
    email: undefined,
    error,
  })
  expect(start).not.toHaveBeenCalled()
  expect(framesOpened).toBe(0)
})
