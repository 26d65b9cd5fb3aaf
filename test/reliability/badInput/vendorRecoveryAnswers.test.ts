// @vitest-environment happy-dom
import { createRecoveryFlow } from '../../../src/recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../../../src/recovery/recoveryStateStore.js'
import type { VendorClient } from '../../../src/turnkey/createVendorClient.js'
import {
  bad,
  type Case,
  codeInvalid,
  runCases,
} from '../../helpers/badInputCases.js'
import {
  organizationId,
  recoveryKey,
  sealRecoveryCode,
  subOrganizationId,
} from '../../helpers/badInputFixtures.js'
import { codeFrameInNode } from '../../helpers/codeFrameInNode.js'

// Vendor answers of the wrong shape while an email recovery checks its code.

/**
 * Email recovery up to the code, against a vendor answering `whoami` and
 * `get_user` as given (`publicKey` is the code's key, as the vendor lists it).
 */
async function submitCodeAgainst(answers: {
  whoami: unknown
  user: (publicKey: string) => unknown
}) {
  const key = recoveryKey()
  let target = ''
  const vendor: VendorClient = {
    async query(name) {
      if (name === 'whoami') return answers.whoami as never
      if (name === 'get_user') return answers.user(key.publicKey) as never
      throw new Error(`unexpected query ${name}`)
    },
    submit: async () => {
      throw new Error('no activity is expected before the code is accepted')
    },
  }
  const flow = createRecoveryFlow({
    vendor,
    parentOrganizationId: organizationId,
    start: async ({ targetPublicKey }) => {
      target = targetPublicKey
      return { accepted: true }
    },
    openCodeFrame: codeFrameInNode,
    stateStore: createRecoveryStateStore({ storage: null, key: 'recovery' }),
    sessionExpirationSeconds: 1800,
    createPasskey: async () => {
      throw new Error('no passkey is expected')
    },
  })
  await flow.sendEmail({ email: 'alice@example.com', type: 'email' })
  await flow.submitCode(sealRecoveryCode(key.secret, target))
  return flow.getSnapshot()
}

const listedKey = (publicKey: string, seconds: unknown) => ({
  user: {
    userId: 'user-1',
    userName: 'Alice',
    apiKeys: [
      {
        credential: { publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
        createdAt: { seconds },
      },
    ],
  },
})

const whoami = { organizationId: subOrganizationId, userId: 'user-1' }

const cases: Case[] = [
  // --- vendor responses during recovery ----------------------------------
  bad({
    source: 'vendor responses',
    name: 'recovery: whoami answers JSON null',
    input: null,
    run: (answer) =>
      submitCodeAgainst({ whoami: answer, user: () => ({ user: undefined }) }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: get_user without an apiKeys list',
    input: { user: { userId: 'user-1', userName: 'Alice' } },
    run: (answer) => submitCodeAgainst({ whoami, user: () => answer }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: the code’s key listed without a creation time',
    input: 'no createdAt',
    run: () =>
      submitCodeAgainst({
        whoami,
        user: (publicKey) => ({
          user: {
            userId: 'user-1',
            userName: 'Alice',
            apiKeys: [
              {
                credential: { publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
              },
            ],
          },
        }),
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: the key’s creation time is not a number',
    input: 'soon',
    run: (seconds) =>
      submitCodeAgainst({
        whoami,
        user: (publicKey) => listedKey(publicKey, seconds),
      }),
    expected: codeInvalid,
  }),
  bad({
    source: 'vendor responses',
    name: 'recovery: get_user without a user',
    input: {},
    run: (answer) => submitCodeAgainst({ whoami, user: () => answer }),
    expected: codeInvalid,
  }),
]

runCases(cases)
