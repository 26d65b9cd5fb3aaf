import { connect, getConnection, signMessage } from '@wagmi/core'
import { SignClient } from '@walletconnect/sign-client'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { type Relay, startRelay } from '../../../sandbox/relay/startRelay.js'
import type { SandboxWallet } from '../../../sandbox/wallet/startSandboxWallet.js'
import { tally } from '../../helpers/reliabilityTally.js'
import {
  relayRefusedOnce,
  walletConnectHost,
} from '../../helpers/walletConnectHost.js'

/*
 * The WalletConnect relay out of reach when the user asks to pair: the relay
 * is down before connect() is called (not killed mid-pairing, which
 * walletConnectFaults.test.ts covers). The connector's rule: it keeps
 * waiting for the relay — no URI is shown while no wallet could receive the
 * proposal, and nothing fails — and pairs once the relay is back, with one
 * proposal and one session.
 */

const rpcUrls = inject('sandbox').rpcUrls
let relay: Relay
const wallets: SandboxWallet[] = []
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  for (const wallet of wallets) await wallet.stop().catch(() => undefined)
  await relay.stop()
})

type SdkCore = { crypto: { signJWT(aud: string): Promise<string> } }

/**
 * The SDK core of the next sign client the connector makes: the connector
 * imports `@walletconnect/sign-client` on first use, the same module as here.
 */
function nextSdkCore() {
  const init = vi.spyOn(SignClient, 'init')
  return vi.waitUntil(
    () => {
      const made = init.mock.results[0]
      if (!made) return undefined
      return (made.value as Promise<unknown>).then(
        (client) => (client as { core: SdkCore }).core,
      )
    },
    { timeout: 10_000 },
  )
}

const refusedOnce = (core: SdkCore) => relayRefusedOnce(core, 15_000)

describe('walletConnectDeepLink when the relay is out of reach', () => {
  it('down before connect(): connect waits without a URI or an error; once the relay is back, one URI, one proposal, one session, and it signs', async () => {
    const { config, connector, wallet, nextUri } = await walletConnectHost({
      relayUrl: relay.url,
      rpcUrls,
    })
    wallets.push(wallet)
    const messages: string[] = []
    connector.emitter.on('message', ({ type }) => messages.push(type))
    const proposalsBefore = relay.counters.methods.wc_proposeSession ?? 0

    await relay.crash()
    const core = nextSdkCore()
    const shown = nextUri()
    let outcome: 'pending' | 'connected' | 'failed' = 'pending'
    const connecting = connect(config, { connector }).then(
      (result) => {
        outcome = 'connected'
        return result
      },
      (error: unknown) => {
        outcome = 'failed'
        throw error
      },
    )
    // The SDK tried the relay and was refused, and is trying again.
    await refusedOnce(await core)
    expect(outcome).toBe('pending')
    expect(getConnection(config).status).toBe('connecting')
    // No URI while no wallet could receive the proposal.
    expect(messages).not.toContain('display_uri')
    expect(
      await config.storage?.getItem('walletConnectDeepLink.sessionTopic'),
    ).toBeFalsy()

    await relay.restart()
    const uri = await shown
    await wallet.pair(uri)
    const connected = await connecting
    expect(connected.accounts).toEqual([wallet.address])
    expect(getConnection(config)).toMatchObject({
      status: 'connected',
      address: wallet.address,
    })
    // Nothing doubled: one URI shown, one proposal sent, one session at the wallet.
    expect(messages.filter((type) => type === 'display_uri')).toHaveLength(1)
    expect(
      (relay.counters.methods.wc_proposeSession ?? 0) - proposalsBefore,
    ).toBe(1)
    expect(wallet.sessions()).toHaveLength(1)
    // Nothing lost: the session is remembered, and it signs.
    expect(
      await config.storage?.getItem('walletConnectDeepLink.sessionTopic'),
    ).toBe(wallet.sessions()[0]!.topic)
    const message = 'signed after the relay came back'
    const signature = await signMessage(config, { message })
    expect(
      await verifyMessage({ address: wallet.address, message, signature }),
    ).toBe(true)
    tally('fault', 'WalletConnect relay unreachable when pairing starts')
  })
})
