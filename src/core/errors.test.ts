import {
  ChainNotConfiguredError as WagmiChainNotConfiguredError,
  ProviderNotFoundError as WagmiProviderNotFoundError,
  SwitchChainNotSupportedError as WagmiSwitchChainNotSupportedError,
} from '@wagmi/core'
import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { version } from '../version.js'
import {
  asSwitchRejection,
  ChainNotConfiguredError,
  SwitchChainNotSupportedError,
  SwitchChainRejectedError,
} from './chains.js'
import {
  ConnectionRejectedError,
  isWalletRejection,
  ProviderNotFoundError,
  userRejection,
} from './connectionErrors.js'
import { BaseError } from './errors.js'
import { SessionNotFoundError } from './sessionNotFound.js'

describe('userRejection', () => {
  it("is viem's 4001 in the pack error's words, with the pack error as its cause", () => {
    const refused = new ConnectionRejectedError()
    const rejection = userRejection(refused)
    expect(rejection).toBeInstanceOf(UserRejectedRequestError)
    expect(rejection.code).toBe(4001)
    expect(rejection.shortMessage).toBe(
      'Connection rejected. Please try again.',
    )
    expect(rejection.message.split('\n')[0]).toBe(
      'Connection rejected. Please try again.',
    )
    expect(rejection.cause).toBe(refused)
    expect(
      rejection.walk(
        (e) => (e as { code?: unknown }).code === 'connection_rejected',
      ),
    ).toBe(refused)
  })

  it("recognises a wallet's refusal by EIP-1193's 4001 or WalletConnect's 5000, nested too", () => {
    expect(isWalletRejection({ code: 4001, message: 'no' })).toBe(true)
    expect(isWalletRejection({ code: 5000, message: 'User rejected.' })).toBe(
      true,
    )
    expect(
      isWalletRejection({
        code: -32603,
        data: { originalError: { code: 4001 } },
      }),
    ).toBe(true)
    expect(isWalletRejection({ code: 4902 })).toBe(false)
    expect(isWalletRejection(new Error('plain'))).toBe(false)
  })

  it('turns a refused switch into a user rejection, and leaves other errors as they came', () => {
    const refused = asSwitchRejection({ code: 4001, message: 'no' }, 8453)
    expect(refused).toBeInstanceOf(UserRejectedRequestError)
    expect((refused as UserRejectedRequestError).cause).toBeInstanceOf(
      SwitchChainRejectedError,
    )
    const other = { code: 4902, message: 'unknown chain' }
    expect(asSwitchRejection(other, 8453)).toBe(other)
  })
})

describe('BaseError', () => {
  it('puts details, guidance and the version into the message', () => {
    const error = new ChainNotConfiguredError({ chainId: 10 })
    expect(error.message).toBe(
      [
        'Could not find network mapping for chain',
        '',
        'Add the chain to `chains` in createConfig.',
        '',
        'Details: chain id 10',
        `Version: wagmi-connector-pack@${version}`,
      ].join('\n'),
    )
  })

  it('one SessionNotFoundError for every missing session, the reason a field', () => {
    expect(new SessionNotFoundError()).toMatchObject({ reason: undefined })
    for (const reason of [undefined, 'ended', 'abandoned'] as const) {
      const error = new SessionNotFoundError({ reason })
      expect(error).toBeInstanceOf(BaseError)
      expect(error).toMatchObject({
        name: 'SessionNotFoundError',
        code: 'session_not_found',
        shortMessage: reason === 'ended' ? 'no session' : 'No session found',
        reason,
      })
    }
    // A cause still says what went wrong.
    expect(
      new SessionNotFoundError({ cause: new Error('no Ethereum wallet') })
        .details,
    ).toBe('no Ethereum wallet')
  })

  it('walks the cause chain', () => {
    const root = new Error('socket closed')
    const middle = new ProviderNotFoundError({ cause: root })
    const top = new ConnectionRejectedError({ cause: middle })
    expect(top.details).toBe(middle.details)
    expect(middle.details).toBe('socket closed')
    expect(top.walk()).toBe(root)
    expect(top.walk((e) => e instanceof ProviderNotFoundError)).toBe(middle)
    expect(top.walk((e) => e instanceof TypeError)).toBeNull()
  })
})

describe('errors wagmi also has', () => {
  it.each([
    [
      new ProviderNotFoundError({ installUrl: 'https://metamask.io' }),
      WagmiProviderNotFoundError,
      'ProviderNotFoundError',
      'provider_not_found',
      'No provider found',
    ],
    [
      new ChainNotConfiguredError({ chainId: 10 }),
      WagmiChainNotConfiguredError,
      'ChainNotConfiguredError',
      'chain_not_configured',
      'Could not find network mapping for chain',
    ],
    [
      new SwitchChainNotSupportedError({ chainId: 10 }),
      WagmiSwitchChainNotSupportedError,
      'SwitchChainNotSupportedError',
      'network_switching_not_supported',
      'Network switching is not supported',
    ],
  ])(
    "%s is wagmi's class (not our BaseError), with the pack's message and code",
    (error, wagmiClass, name, code, shortMessage) => {
      expect(error).toBeInstanceOf(wagmiClass)
      expect(error).not.toBeInstanceOf(BaseError)
      expect(error.name).toBe(name)
      expect(error.code).toBe(code)
      expect(error.shortMessage).toBe(shortMessage)
      expect(error.message.startsWith(shortMessage)).toBe(true)
      expect(error.message).toContain('Version: wagmi-connector-pack@')
    },
  )

  it('keeps its details and cause', () => {
    const root = new Error('no window.ethereum')
    const error = new ChainNotConfiguredError({ chainId: 10, cause: root })
    expect(error.details).toBe('chain id 10')
    expect(error.cause).toBe(root)
    expect(error.walk()).toBe(root)
  })

  it('other classes of ours are not taken for them', () => {
    expect(new SessionNotFoundError()).not.toBeInstanceOf(
      WagmiProviderNotFoundError,
    )
    expect(new Error('x')).not.toBeInstanceOf(BaseError)
    expect(new WagmiProviderNotFoundError()).not.toBeInstanceOf(BaseError)
    expect(new ChainNotConfiguredError()).not.toBeInstanceOf(
      ProviderNotFoundError,
    )
  })
})
