import { http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createListeners } from '../core/createListeners.js'
import { createWalletConnectSession } from './createWalletConnectSession.js'
import type { EthereumProviderModule } from './initEthereumProvider.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The SDK with a session whose wallet never answers a request. */
async function sessionWithSilentWallet() {
  const provider = {
    session: { topic: 'a'.repeat(64), namespaces: {} },
    accounts: [alice],
    chainId: base.id,
    on() {},
    request: () => new Promise(() => undefined),
    disconnect: async () => undefined,
  }
  const sdk = {
    EthereumProvider: { init: async () => provider },
  } as unknown as EthereumProviderModule
  return createWalletConnectSession({
    sdk,
    parameters: { projectId: 'p', verify: true, telemetry: false },
    deepLink: 'native',
    switching: 'app',
    wallet: undefined,
    hostSchemes: [],
    config: {
      chains: [mainnet, base],
      transports: {
        [mainnet.id]: http('http://127.0.0.1:1'),
        [base.id]: http('http://127.0.0.1:1'),
      },
      storage: null,
      emitter: { emit() {} },
    } as never,
    listeners: createListeners(),
  })
}

/** Settles `promise` into a box the test can look at while timers stand still. */
function watch<value>(promise: Promise<value>) {
  const box: { settled: boolean; value?: value } = { settled: false }
  void promise.then((value) => {
    box.settled = true
    box.value = value
  })
  return box
}

afterEach(() => {
  vi.useRealTimers()
})

describe('lookups a wallet does not answer (SPEC §9)', () => {
  it('the chain id waits 1000 ms for the wallet, then is the session chain', async () => {
    vi.useFakeTimers()
    const session = await sessionWithSilentWallet()
    const chainId = watch(session.getChainId())
    await vi.advanceTimersByTimeAsync(999)
    expect(chainId.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(chainId).toEqual({ settled: true, value: base.id })
  })

  it('the accounts wait 500 ms for the wallet, then are the session accounts', async () => {
    vi.useFakeTimers()
    const session = await sessionWithSilentWallet()
    const accounts = watch(session.getAccounts())
    await vi.advanceTimersByTimeAsync(499)
    expect(accounts.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(accounts).toEqual({ settled: true, value: [alice] })
  })
})
