// @vitest-environment happy-dom
import { expect, vi } from 'vitest'
import {
  findEthereumAccount,
  whoseOrganization,
} from '../../../src/passkey/accountAccess.js'
import { toVendorAccount } from '../../../src/passkey/vendorAccount.js'
import {
  createVendorClient,
  readSessionClaims,
  type VendorClient,
} from '../../../src/turnkey/createVendorClient.js'
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import {
  alice,
  sessionToken,
  stamper,
  subOrganizationId,
  vendorAnswering,
} from '../../helpers/badInputFixtures.js'

// Vendor answers of the wrong shape: HTTP bodies, activities, session tokens, signatures.

function vendorClient(status: number, body: string, statusText = '') {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  return createVendorClient({
    baseUrl: 'https://api.vendor.example',
    fetch: vendorAnswering(status, body, statusText),
  })
}

const signRawPayload = {
  type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  organizationId: subOrganizationId,
  parameters: {},
  resultKey: 'signRawPayloadResult',
}

/** The vendor answering every activity with `result`. */
function vendorAccount(result: unknown) {
  const vendor: VendorClient = {
    query: async () => ({}) as never,
    submit: async () => result as never,
  }
  return toVendorAccount({
    address: alice,
    organizationId: subOrganizationId,
    vendor,
    stamper: () => stamper,
  })
}

const cases: Case[] = [
  // --- vendor responses ----------------------------------------------------
  bad({
    source: 'vendor responses',
    name: 'a 200 answer that is an HTML page (a captive portal)',
    input: '<html><body>Sign in to Wi-Fi</body></html>',
    run: (body) => vendorClient(200, body).query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: 'response was not JSON',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a 502 with an HTML body',
    input: '<html>Bad gateway</html>',
    run: (body) =>
      vendorClient(502, body, 'Bad Gateway').query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: 'Bad Gateway',
      also: (error) => expect(error.status).toBe(502),
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'an error body whose code and message have the wrong types',
    input: JSON.stringify({ code: 'three', message: 42, details: 'x' }),
    run: (body) =>
      vendorClient(400, body, 'Bad Request').query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: 'Bad Request',
      also: (error) => {
        expect(error.status).toBe(400)
        expect(error.vendorCode).toBeUndefined()
        // Details are kept whatever their shape.
        expect(error.vendorDetails).toBe('x')
        expect(error.details).toBe('x')
      },
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'an expired session key (a warning, not an error)',
    input: JSON.stringify({
      code: 16,
      message: 'expired api key',
      details: [],
    }),
    run: (body) =>
      vendorClient(401, body, 'Unauthorized').query('whoami', {}, stamper),
    expected: {
      throws: 'VendorRequestError',
      message: 'expired api key',
      also: (error) => {
        expect(error.vendorCode).toBe(16)
        expect(console.warn).toHaveBeenCalledOnce()
        expect(console.error).not.toHaveBeenCalled()
      },
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'an activity answer without an activity',
    input: '{}',
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'an activity answer that is JSON null',
    input: 'null',
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'an activity waiting for consensus',
    input: JSON.stringify({
      activity: { id: 'act-1', status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' },
    }),
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: {
      throws: 'VendorConsensusNeededError',
      message: 'Activity requires consensus',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a failed activity',
    input: JSON.stringify({
      activity: { id: 'act-1', status: 'ACTIVITY_STATUS_FAILED' },
    }),
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: {
      throws: 'VendorActivityError',
      message: 'Expected COMPLETED status',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a completed activity without its result',
    input: JSON.stringify({
      activity: { id: 'act-1', status: 'ACTIVITY_STATUS_COMPLETED' },
    }),
    run: (body) =>
      vendorClient(200, body).submit(
        'sign_raw_payload',
        signRawPayload,
        stamper,
      ),
    expected: {
      throws: 'VendorActivityError',
      message: 'Expected COMPLETED status',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a session token that is not a JWT',
    input: 'not-a-jwt',
    run: readSessionClaims,
    expected: {
      throws: 'VendorRequestError',
      message: 'malformed session token',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a session token whose payload is null',
    input: sessionToken('null'),
    run: readSessionClaims,
    expected: {
      throws: 'VendorRequestError',
      message: 'malformed session token',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a session token whose expiry is a string',
    input: sessionToken(
      JSON.stringify({
        exp: '1800000000',
        organization_id: subOrganizationId,
        user_id: 'user-1',
      }),
    ),
    run: readSessionClaims,
    expected: {
      throws: 'VendorRequestError',
      message: 'malformed session token',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a signature result without r, s and v',
    input: {},
    run: (result) => vendorAccount(result).signMessage({ message: 'hello' }),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'a signature result that is not hex',
    input: { r: 'zz', s: 'zz', v: '00' },
    run: (result) => vendorAccount(result).signMessage({ message: 'hello' }),
    expected: { throws: 'VendorRequestError' },
  }),
  bad({
    source: 'vendor responses',
    name: 'a signed transaction that is a number',
    input: { signedTransaction: 42 },
    run: (result) =>
      vendorAccount(result).signTransaction({
        chainId: 1,
        to: alice,
        value: 1n,
        nonce: 0,
        gas: 21_000n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
      }),
    expected: { throws: 'VendorRequestError' },
  }),
  // --- the answers the page stores: who logged in, and the account -------
  ...[
    ['no organizationId', {}],
    ['an organizationId that is no UUID', { organizationId: '../parent' }],
    ['null', null],
  ].map(([name, answer]) =>
    bad({
      source: 'vendor responses',
      name: `a whoami answer with ${name}`,
      input: answer,
      run: (body) =>
        whoseOrganization(answering(body), subOrganizationId, stamper),
      expected: {
        throws: 'VendorRequestError',
        message: 'whoami returned no organizationId UUID',
      },
    }),
  ),
  bad({
    source: 'vendor responses',
    name: 'a wallet account listing without an account list',
    input: { accounts: 'none' },
    run: (body) =>
      findEthereumAccount(answering(body), stamper, subOrganizationId),
    expected: {
      throws: 'VendorRequestError',
      message: 'list_wallet_accounts returned no accounts',
    },
  }),
  bad({
    source: 'vendor responses',
    name: 'a wallet account listing whose Ethereum account has no address, or no wallet',
    input: {
      accounts: [
        {
          addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
          address: 'not an address',
          walletId: 'w',
        },
        { addressFormat: 'ADDRESS_FORMAT_ETHEREUM', address: alice },
      ],
    },
    run: (body) =>
      findEthereumAccount(answering(body), stamper, subOrganizationId),
    expected: { throws: 'SessionNotFoundError' },
  }),
]

/** A vendor that answers every query with `answer`. */
function answering(answer: unknown): VendorClient {
  return {
    query: async () => answer as never,
    submit: async () => answer as never,
  }
}

runCases(cases)
