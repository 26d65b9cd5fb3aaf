import { describe, expect, it } from 'vitest'
import {
  InAppBrowserNotFoundError,
  SwitchChainNotSupportedError,
  SwitchChainRejectedError,
} from './exports/injected.js'
import {
  InvalidEmailCodeError,
  RequestRefusedError,
  SessionNotFoundError,
  VendorActivityError,
  WebauthnNotSupportedError,
} from './exports/passkey.js'
import { InvalidEmailCodeError as RecoveryCodeError } from './exports/recovery.js'
import {
  ConnectionRejectedError,
  PairingAbortedError,
  PairingAttemptsExhaustedError,
  PairingResetError,
  ProviderNotFoundError,
  SwitchChainOnlyInWalletError,
} from './exports/walletconnect.js'

/*
 * The product specification's error catalogue, word for word: each message
 * (and each code it names) as a host meets it, through the public subpaths.
 * A change of one word fails here.
 */
describe('every message of the specification’s error catalogue', () => {
  it.each([
    [
      new ConnectionRejectedError(),
      'Connection rejected. Please try again.',
      'connection_rejected',
    ],
    [new ProviderNotFoundError(), 'No provider found'],
    [new SessionNotFoundError(), 'No session found'],
    [new SessionNotFoundError({ reason: 'ended' }), 'no session'],
    [
      new SwitchChainOnlyInWalletError({ reason: 'walletOnly' }),
      'Network switching is only supported through the wallet',
    ],
    [
      new SwitchChainOnlyInWalletError({ reason: 'chainNotApproved' }),
      'Network switching is not available at this time. The user should manually switch network in their wallet',
      'network_switching_only_available_in_wallet',
    ],
    [new RequestRefusedError(), 'Cannot proceed with your request'],
    [
      new InvalidEmailCodeError({
        purpose: 'sign-up',
        reason: 'wrong',
        newCodeNeeded: false,
      }),
      'The code is invalid or expired.',
    ],
    [
      new RecoveryCodeError({ purpose: 'recovery', reason: 'wrong' }),
      'The code is invalid or expired.',
    ],
    [
      new WebauthnNotSupportedError(),
      'Webauthn is not supported on this device',
    ],
    [
      new InAppBrowserNotFoundError({ wallet: 'MetaMask' }),
      'No inAppBrowserBase found for MetaMask',
    ],
    [new PairingResetError(), 'Connection request reset. Please try again.'],
    [new PairingAbortedError(), 'Pairing aborted'],
    [
      new PairingAttemptsExhaustedError({ attempts: 3 }),
      'Max auto pairing attempts reached',
    ],
    [new SwitchChainNotSupportedError(), 'Network switching is not supported'],
    [
      new SwitchChainRejectedError(),
      "User rejected the wallet's request to switch network",
    ],
    [
      new VendorActivityError({ activityId: 'a', status: 'FAILED' }),
      'Expected COMPLETED status',
    ],
  ] as const)('%s: %s', (error, message, code?: string) => {
    expect(error.shortMessage).toBe(message)
    if (code) expect(error.code).toBe(code)
  })
})

it('a code refused in sign-up and in recovery is one class, from /passkey and /recovery', () => {
  expect(RecoveryCodeError).toBe(InvalidEmailCodeError)
})
