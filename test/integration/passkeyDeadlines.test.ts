import { connect } from '@wagmi/core'
import { afterAll, afterEach, beforeAll, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { HostBackendTimeoutError } from '../../src/core/hostBackend.js'
import type { PasskeyWalletParameters } from '../../src/passkey/passkeyWallet.js'
import { createRecoveryFlow } from '../../src/recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../../src/recovery/recoveryStateStore.js'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import { VendorTimeoutError } from '../../src/turnkey/errors.js'
import { codeFrameInNode } from '../helpers/codeFrameInNode.js'
import { getConnection } from '../helpers/getConnection.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import {
  passkeyCreation,
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { startSilentServer } from '../helpers/silentServer.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'

/*
 * Every call the passkey wallet makes from the page has a deadline: a vendor,
 * or a host backend, that never answers ends sign-up, log-in, the email code
 * and recovery with a typed error naming what did not answer, its request
 * cancelled, and nothing connected or stored.
 */

const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
const parentOrganizationId = '0c4a3b0e-8f8e-4b52-9d6c-0d6a4f5c9e11'
// Short, so the test waits little; the defaults (10 s, 30 s) are in docs/passkey.md.
const deadline = 1000

let silent: Awaited<ReturnType<typeof startSilentServer>>
beforeAll(async () => {
  silent = await startSilentServer()
})
afterAll(() => silent.stop())
afterEach(() => vi.unstubAllGlobals())

/** A host page with its storage in memory; the vendor and the backend are the silent server. */
function hostPage(options: Partial<PasskeyWalletParameters>) {
  const { storage, memory } = memoryStorage('host')
  const config = passkeyHostConfig(
    { url: silent.url, parentOrganizationId },
    [mainnet],
    options,
    storage,
  )
  return { config, connector: config.connectors[0]!, memory }
}

/** The browser makes passkeys too: a new one on each create(), kept in `created`. */
function stubPasskeyCreation() {
  const created: string[] = []
  const signalUnknownCredential = vi.fn(async () => undefined)
  stubWebauthn(() => new SoftwareAuthenticator())
  vi.stubGlobal('navigator', {
    credentials: {
      create: passkeyCreation(() => {
        const passkey = new SoftwareAuthenticator()
        created.push(passkey.credentialId)
        return passkey
      }),
    },
  })
  vi.stubGlobal('PublicKeyCredential', { signalUnknownCredential })
  return { created, signalUnknownCredential }
}

const postTo = (path: string) => (body: unknown, signal: AbortSignal) =>
  fetch(`${silent.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  })

it('a vendor that never answers: log-in rejects with VendorTimeoutError naming the request, which is cancelled; nothing connected or stored', async () => {
  stubWebauthn(() => new SoftwareAuthenticator())
  const abandonedBefore = silent.abandoned()
  const { config, connector, memory } = hostPage({ vendorTimeoutMs: deadline })
  const error = await connect(config, { connector }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(VendorTimeoutError)
  const timedOut = error as VendorTimeoutError
  expect(timedOut).toMatchObject({
    code: 'vendor_timeout',
    timeoutMs: deadline,
    shortMessage:
      'The wallet service did not answer in time. Please try again.',
  })
  expect(timedOut.request).toMatch(/^POST \/public\/v1\/(query|submit)\/\w+$/)
  expect(silent.paths()).toContain(timedOut.request.slice('POST '.length))
  expect(timedOut.message).toContain(`no answer within ${deadline} ms`)
  await expect.poll(() => silent.abandoned()).toBe(abandonedBefore + 1)
  expect(getConnection(config).status).toBe('disconnected')
  expect([...memory.keys()].filter((key) => key.includes('passkey'))).toEqual(
    [],
  )
})

it('createAccount that never answers: sign-up rejects with HostBackendTimeoutError, the host’s fetch is aborted by its signal, and the passkey is kept (the account may still be made)', async () => {
  const { created, signalUnknownCredential } = stubPasskeyCreation()
  const abandonedBefore = silent.abandoned()
  const asked = silent.paths().length
  const { config, connector, memory } = hostPage({
    backendTimeoutMs: deadline,
    createAccount: (request, { signal }) =>
      postTo('/api/create-account')(request, signal),
  })
  const error = await connect(config, {
    connector,
    signUp: { userName: 'ada' },
  } as never).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(HostBackendTimeoutError)
  expect(error).toMatchObject({
    name: 'HostBackendTimeoutError',
    code: 'host_backend_timeout',
    callback: 'createAccount',
    timeoutMs: deadline,
    shortMessage:
      "The app's server could not create the account. Please try again.",
  })
  expect((error as Error).message).toContain(
    `createAccount: no answer within ${deadline} ms`,
  )
  // The backend was asked once, then hung up on; the vendor was never asked.
  expect(silent.paths().slice(asked)).toEqual(['/api/create-account'])
  await expect.poll(() => silent.abandoned()).toBe(abandonedBefore + 1)
  expect(created).toHaveLength(1)
  expect(signalUnknownCredential).not.toHaveBeenCalled()
  expect(getConnection(config).status).toBe('disconnected')
  expect([...memory.keys()].filter((key) => key.includes('passkey'))).toEqual(
    [],
  )
})

it('emailCode.send that never answers: sendEmailCode rejects with HostBackendTimeoutError naming it', async () => {
  stubWebauthn(() => new SoftwareAuthenticator())
  const { connector } = hostPage({
    backendTimeoutMs: deadline,
    emailCode: {
      send: (request, { signal }) =>
        postTo('/api/send-email-code')(request, signal),
      verify: (request, { signal }) =>
        postTo('/api/verify-email-code')(request, signal),
    },
  })
  const error = await (
    connector as unknown as {
      sendEmailCode(email: string): Promise<unknown>
    }
  )
    .sendEmailCode('ada@example.com')
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(HostBackendTimeoutError)
  expect(error).toMatchObject({
    callback: 'emailCode.send',
    shortMessage: "The app's server could not send the code. Please try again.",
  })
})

it('recovery.start that never answers: the flow stays on the form with HostBackendTimeoutError, and its frame is closed', async () => {
  let framesClosed = 0
  const flow = createRecoveryFlow({
    vendor: createVendorClient({ baseUrl: silent.url, timeoutMs: deadline }),
    parentOrganizationId,
    start: (request, { signal }) =>
      postTo('/api/start-recovery')(request, signal),
    startTimeoutMs: deadline,
    openCodeFrame: async () => {
      const frame = await codeFrameInNode()
      return { ...frame, destroy: () => void framesClosed++ }
    },
    stateStore: createRecoveryStateStore({ storage: null, key: 'recovery' }),
    sessionExpirationSeconds: 1800,
    createPasskey: async () => {
      throw new Error('no passkey is expected')
    },
  })
  const error = await flow
    .sendEmail({ email: 'ada@example.com', type: 'email' })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(HostBackendTimeoutError)
  expect(error).toMatchObject({ callback: 'recovery.start' })
  expect(flow.getSnapshot()).toMatchObject({
    step: 'idle',
    email: undefined,
    error,
  })
  expect(framesClosed).toBe(1)
})
