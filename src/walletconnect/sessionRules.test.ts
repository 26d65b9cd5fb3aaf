import { SwitchChainNotSupportedError as WagmiSwitchChainNotSupportedError } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import {
  SwitchChainNotSupportedError,
  SwitchChainOnlyInWalletError,
} from '../core/chains.js'
import { checkChainSwitch } from './sessionRules.js'

const account = '0x00000000000000000000000000000000000000a1'

/** A session on mainnet and Base, with `methods` approved. */
const sessionWith = (methods: readonly string[]) => ({
  namespaces: {
    eip155: {
      chains: ['eip155:1', 'eip155:8453'],
      accounts: [`eip155:1:${account}`, `eip155:8453:${account}`],
      methods,
    },
  },
})

const refusal = (run: () => void) => {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

describe('checkChainSwitch', () => {
  it('lets the app move the session to a chain it approved', () => {
    expect(
      checkChainSwitch({
        session: sessionWith(['wallet_switchEthereumChain']),
        chainId: 8453,
        switching: 'app',
      }),
    ).toBeUndefined()
  })

  it('a chain the session did not approve: the user switches in the wallet', () => {
    const error = refusal(() =>
      checkChainSwitch({
        session: sessionWith(['wallet_switchEthereumChain']),
        chainId: 10,
        switching: 'app',
      }),
    )
    expect(error).toBeInstanceOf(SwitchChainOnlyInWalletError)
    expect(error).toMatchObject({
      code: 'network_switching_only_available_in_wallet',
      reason: 'chainNotApproved',
      shortMessage:
        'Network switching is not available at this time. The user should manually switch network in their wallet',
    })
  })

  it("the host's switching: 'wallet': the same class, its reason walletOnly", () => {
    const error = refusal(() =>
      checkChainSwitch({
        session: sessionWith(['wallet_switchEthereumChain']),
        chainId: 8453,
        switching: 'wallet',
      }),
    )
    expect(error).toMatchObject({
      code: 'network_switching_only_available_in_wallet',
      reason: 'walletOnly',
      shortMessage: 'Network switching is only supported through the wallet',
    })
  })

  it("a wallet without wallet_switchEthereumChain: the injected connector's class, wagmi's too", () => {
    const error = refusal(() =>
      checkChainSwitch({
        session: sessionWith(['personal_sign']),
        chainId: 8453,
        switching: 'app',
      }),
    )
    expect(error).toBeInstanceOf(SwitchChainNotSupportedError)
    expect(error).toBeInstanceOf(WagmiSwitchChainNotSupportedError)
    expect(error).toMatchObject({
      code: 'network_switching_not_supported',
      shortMessage: 'Network switching is not supported',
    })
  })
})
