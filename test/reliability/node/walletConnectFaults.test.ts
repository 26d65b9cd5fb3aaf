import { connect, disconnect, getConnection, signMessage } from '@wagmi/core'
import { type Hex, hexToString, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { type Relay, startRelay } from '../../../sandbox/relay/startRelay.js'
import type { SandboxWallet } from '../../../sandbox/wallet/startSandboxWallet.js'
import { tally } from '../../helpers/reliabilityTally.js'
import {
  relayRefusedOnce,
  walletConnectHost,
} from '../../helpers/walletConnectHost.js'

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

async function host() {
  const created = await walletConnectHost({ relayUrl: relay.url, rpcUrls })
  wallets.push(created.wallet)
  return created
}

async function connectedHost() {
  const created = await host()
  const shown = created.nextUri()
  const connecting = connect(created.config, { connector: created.connector })
  await created.wallet.pair(await shown)
  await connecting
  return created
}

/** Resolves once the relay has refused `client` at least once (it retries a second later). */
const refusedOnce = (client: SandboxWallet['client']) =>
  relayRefusedOnce(client.core, 10_000)

/** Resolves once `client` is connected to the relay again. */
const reconnected = (client: SandboxWallet['client']) =>
  new Promise((resolve) => client.core.relayer.once('relayer_connect', resolve))

/** The personal_sign requests for `message` the wallet received. */
const requestsToSign = (wallet: SandboxWallet, message: string) =>
  wallet.received.filter(
    ({ method, params }) =>
      method === 'personal_sign' &&
      hexToString((params as [Hex])[0]) === message,
  )

describe('walletConnectDeepLink when the relay dies', () => {
  it('killed during pairing: once it is back, the wallet pairs and connect() resolves with one session', async () => {
    const { config, connector, wallet, nextUri } = await host()
    const shown = nextUri()
    const connecting = connect(config, { connector })
    const uri = await shown
    await relay.crash()
    const refused = refusedOnce(wallet.client)
    const pairing = wallet.pair(uri)
    await refused
    await relay.restart()
    await pairing
    const connected = await connecting
    expect(connected.accounts).toEqual([wallet.address])
    expect(getConnection(config).status).toBe('connected')
    expect(wallet.sessions()).toHaveLength(1)
    tally('fault', 'relay killed during pairing')
  })

  it('delivering a proposal twice (at least once): the wallet SDK emits it twice, the wallet answers it once, one session at each end', async () => {
    const { config, connector, wallet, nextUri } = await host()
    const emitted: number[] = []
    wallet.client.on('session_proposal', ({ id }) => emitted.push(id))
    const shown = nextUri()
    const connecting = connect(config, { connector })
    const uri = await shown
    // Both copies reach the SDK before it records the first: its duplicate
    // check follows an await. A crash before the ack gives the same two copies.
    relay.deliverTwice(true)
    try {
      await wallet.pair(uri)
      await connecting
    } finally {
      relay.deliverTwice(false)
    }
    expect(emitted).toHaveLength(2)
    expect(new Set(emitted).size).toBe(1)
    expect(wallet.sessions()).toHaveLength(1)
    expect(getConnection(config).status).toBe('connected')
    const message = 'one session at each end'
    const signature = await signMessage(config, { message })
    expect(
      await verifyMessage({ address: wallet.address, message, signature }),
    ).toBe(true)
    expect(requestsToSign(wallet, message)).toHaveLength(1)
    tally('fault', 'relay delivers the session proposal twice')
  })

  it('killed while the wallet holds a personal_sign: after the restart the answer arrives, signed once', async () => {
    const { config, wallet } = await connectedHost()
    wallet.requests = 'hold'
    const message = 'signed across a relay crash'
    const held = wallet.waitForRequest()
    const signing = signMessage(config, { message })
    await held
    const refused = refusedOnce(wallet.client)
    await relay.crash()
    await refused
    const back = reconnected(wallet.client)
    await relay.restart()
    await back
    await wallet.answerHeld()
    const signature = await signing
    expect(
      await verifyMessage({ address: wallet.address, message, signature }),
    ).toBe(true)
    expect(requestsToSign(wallet, message)).toHaveLength(1)
    expect(getConnection(config).status).toBe('connected')
    tally('fault', 'relay killed while personal_sign waits at the wallet')
  })

  it('killed while the wallet holds a personal_sign, which it answers while the relay is down: the answer arrives after the restart', async () => {
    const { config, wallet } = await connectedHost()
    wallet.requests = 'hold'
    const message = 'answered while the relay is down'
    const held = wallet.waitForRequest()
    const signing = signMessage(config, { message })
    await held
    await relay.crash()
    const refused = refusedOnce(wallet.client)
    const answering = wallet.answerHeld()
    await refused
    await relay.restart()
    await answering
    const signature = await signing
    expect(
      await verifyMessage({ address: wallet.address, message, signature }),
    ).toBe(true)
    expect(requestsToSign(wallet, message)).toHaveLength(1)
    expect(getConnection(config).status).toBe('connected')
    tally('fault', 'relay down when the wallet answers personal_sign')
  })
})

describe('walletConnectDeepLink when the wallet leaves with requests waiting', () => {
  it('the waiting requests are refused at once with no session; pairing again signs without waiting for them', async () => {
    const { config, connector, wallet, nextUri } = await connectedHost()
    wallet.requests = 'hold'
    const held = wallet.waitForRequest()
    const first = signMessage(config, { message: 'held by the wallet' }).catch(
      (error: Error) => error.message,
    )
    await held
    // Queued behind the one the user is looking at in the wallet.
    const second = signMessage(config, { message: 'waiting its turn' })
    const ended = new Promise((resolve) =>
      config.subscribe((state) => state.status, resolve),
    )
    await wallet.disconnect()
    await ended
    expect(getConnection(config).status).toBe('disconnected')
    // Refused now, not after the SDK's 5-minute expiry.
    await expect(second).rejects.toMatchObject({
      shortMessage: 'no session',
      reason: 'ended',
    })
    expect(await first).toMatch(/User disconnected|no session/)

    wallet.requests = 'answer'
    const shown = nextUri()
    const connecting = connect(config, { connector })
    await wallet.pair(await shown)
    await connecting
    const message = 'after pairing again'
    const signature = await signMessage(config, { message })
    expect(
      await verifyMessage({ address: wallet.address, message, signature }),
    ).toBe(true)
    tally('fault', 'wallet disconnected with requests waiting')
  })
})

describe('walletConnectDeepLink when the relay is down at a disconnect', () => {
  it('wagmi and the connector agree at once: disconnected; the wallet’s session ends at the next pairing', async () => {
    const { config, connector, wallet, nextUri } = await connectedHost()
    await relay.crash()
    // The relay cannot take the end to the wallet: the user's disconnect stands all the same.
    await disconnect(config, { connector })
    expect(getConnection(config).status).toBe('disconnected')
    expect(await connector.isAuthorized()).toBe(false)
    await relay.restart()
    // The wallet never heard of it.
    expect(wallet.sessions()).toHaveLength(1)

    const shown = nextUri()
    const connecting = connect(config, { connector })
    await vi.waitUntil(() => wallet.sessions().length === 0, {
      timeout: 15_000,
    })
    await wallet.pair(await shown)
    const connected = await connecting
    expect(connected.accounts).toEqual([wallet.address])
    expect(wallet.sessions()).toHaveLength(1)
    tally('fault', 'relay down at a disconnect')
  })
})
