import {
  connect,
  disconnect,
  getCallsStatus,
  getCapabilities,
  reconnect,
  sendCalls,
  showCallsStatus,
  waitForCallsStatus,
} from '@wagmi/core'
import { IDBFactory } from 'fake-indexeddb'
import {
  type Address,
  type BaseError,
  createPublicClient,
  createTestClient,
  erc20Abi,
  http,
  numberToHex,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { setGasUsageConfig } from '../../sandbox/turnkey/gasUsageConfig.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { SponsorshipRefusedError } from '../../src/passkey/errors.js'
import { sessionKeyStore } from '../../src/passkey/sessionKeyStore.js'
import { VendorRequestError } from '../../src/turnkey/errors.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { vendorActivities } from '../helpers/sandboxSwitches.js'
import { sponsoredSendAsScript } from '../helpers/sponsoredSendAsScript.js'
import {
  tokenHeldBy,
  tokenCall as transferOrApprove,
} from '../helpers/testToken.js'
import { signUp } from '../helpers/vendorUsers.js'

/*
 * EIP-5792 on passkeyWallet, through wagmi's own actions (the hooks'
 * functions): one vendor eth_send_transaction per batch, run on anvil by the
 * sandbox's Gas Station as one EIP-7702 transaction, paid by the user on
 * chain 1 and by the app's Gas Station on 8453, where the account holds no ETH.
 */

const [mainnet, base] = sandboxChains(inject('sandbox').rpcUrls)
const spender = '0x000000000000000000000000000000000000dEaD' as Address
const recipient = '0x00000000000000000000000000000000000000Be' as Address
const sendActivity = 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'

let vendor: Vendor
let user: Awaited<ReturnType<typeof signUp>>
const tokens: Record<number, Address> = {}
const host = memoryStorage('host')
/** The app's Gas Station pays on Base, the user on Ethereum. */
const page = () =>
  passkeyHostConfig(
    vendor,
    [mainnet, base],
    { sponsorship: { chainIds: [base.id] } },
    host.storage,
  )
let config: ReturnType<typeof page>

const chain = (id: number) =>
  createPublicClient({
    chain: id === base.id ? base : mainnet,
    transport: http(),
  })
/** On `chainId`'s token: an approve for the spender, or a transfer to the recipient. */
const tokenCall = (
  chainId: number,
  functionName: 'approve' | 'transfer',
  amount: bigint,
) =>
  transferOrApprove(
    tokens[chainId]!,
    functionName,
    functionName === 'approve' ? spender : recipient,
    amount,
  )
const tokenRead = (chainId: number, functionName: 'balanceOf' | 'allowance') =>
  chain(chainId).readContract({
    address: tokens[chainId]!,
    abi: erc20Abi,
    functionName,
    args: functionName === 'allowance' ? [user.address, spender] : [recipient],
  } as never) as Promise<bigint>
/** The batch's final status, as the app's useWaitForCallsStatus sees it. */
const settled = (id: string, on = config) =>
  waitForCallsStatus(on, { id, pollingInterval: 100 })
/** An approve of `approved` then a transfer of `sent`, on `chainId`'s token. */
const approveThenTransfer = (
  chainId: number,
  approved: bigint,
  sent: bigint,
) => [
  tokenCall(chainId, 'approve', approved),
  tokenCall(chainId, 'transfer', sent),
]
const sends = async () =>
  (await vendorActivities(vendor.url, sendActivity)).filter(
    (activity) => activity.organizationId === user.organizationId,
  ).length

beforeAll(async () => {
  // Node has no IndexedDB: an in-memory one keeps the session key across the "reload" below.
  vi.stubGlobal('indexedDB', new IDBFactory())
  vendor = await startVendor({ chains: inject('sandbox').rpcUrls })
  user = await signUp(vendor, `calls${Date.now()}`)
  // Tokens on both chains; ETH only on chain 1 (the user pays there).
  for (const c of [mainnet, base])
    tokens[c.id] = await tokenHeldBy({
      chain: c,
      funder: devAccount(8),
      holder: user.address,
      amount: parseEther('100'),
    })
  await createTestClient({
    chain: mainnet,
    mode: 'anvil',
    transport: http(),
  }).setBalance({ address: user.address, value: parseEther('1') })
  await setGasUsageConfig(vendor, {
    orgWindowLimitUsd: '100',
    subOrgWindowLimitUsd: '10',
    windowDurationMinutes: '60',
    enabled: true,
  })
  stubWebauthn(() => user.passkey)
  config = page()
  await connect(config, { connector: config.connectors[0]! })
  // The log-in's one prompt opened the session: its key sends every batch below.
  expect(user.passkey.counter).toBe(1)
})

afterAll(async () => {
  if (config) await disconnect(config).catch(() => undefined)
  vi.unstubAllGlobals()
  await vendor?.stop()
})

describe('passkeyWallet answers EIP-5792 through wagmi’s actions', () => {
  it('getCapabilities: atomic batches on both chains, and the app’s sponsorship on Base', async () => {
    expect(await getCapabilities(config)).toEqual({
      [mainnet.id]: {
        atomic: { status: 'supported' },
      },
      [base.id]: {
        atomic: { status: 'supported' },
        sponsorship: { supported: true },
      },
    })
  })

  it('sendCalls: approve + transfer in one vendor request and one transaction, no prompt, the user paying', async () => {
    const sentBefore = await sends()
    const ethBefore = await chain(mainnet.id).getBalance({
      address: user.address,
    })
    const { id } = await sendCalls(config, {
      chainId: mainnet.id,
      calls: approveThenTransfer(mainnet.id, parseEther('5'), parseEther('2')),
    })
    const status = await settled(id)
    expect(status).toMatchObject({
      status: 'success',
      statusCode: 200,
      atomic: true,
    })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts?.[0]?.status).toBe('success')
    expect(await tokenRead(mainnet.id, 'allowance')).toBe(parseEther('5'))
    expect(await tokenRead(mainnet.id, 'balanceOf')).toBe(parseEther('2'))
    expect(await sends()).toBe(sentBefore + 1)
    expect(user.passkey.counter).toBe(1)
    // The user paid the fee.
    expect(
      await chain(mainnet.id).getBalance({ address: user.address }),
    ).toBeLessThan(ethBefore)
  })

  it('sendCalls, sponsored: the app’s Gas Station pays for an account holding no ETH', async () => {
    const { id } = await sendCalls(config, {
      chainId: base.id,
      calls: approveThenTransfer(base.id, parseEther('3'), parseEther('1')),
    })
    const status = await settled(id)
    expect(status.statusCode).toBe(200)
    expect(await tokenRead(base.id, 'allowance')).toBe(parseEther('3'))
    expect(await tokenRead(base.id, 'balanceOf')).toBe(parseEther('1'))
    expect(await chain(base.id).getBalance({ address: user.address })).toBe(0n)
  })

  it('a reverting batch: nothing of it lands, and the status says why', async () => {
    const sentBefore = await sends()
    const { id } = await sendCalls(config, {
      chainId: mainnet.id,
      calls: approveThenTransfer(
        mainnet.id,
        parseEther('7'),
        parseEther('1000'),
      ),
    })
    const status = await settled(id)
    expect(status).toMatchObject({ status: 'failure', statusCode: 400 })
    expect(
      (status as { capabilities?: { failure?: { reason?: string } } })
        .capabilities?.failure?.reason,
    ).toMatch(/InsufficientBalance/)
    // The approve before the failing transfer did not land either.
    expect(await tokenRead(mainnet.id, 'allowance')).toBe(parseEther('5'))
    expect(await sends()).toBe(sentBefore + 1)
  })

  it('a batch sent just before a reload is found by the reloaded page, then confirmed there', async () => {
    const { id } = await sendCalls(config, {
      chainId: base.id,
      calls: [tokenCall(base.id, 'transfer', parseEther('1'))],
    })
    const reloaded = page()
    await reconnect(reloaded)
    // Pending or already confirmed, as the chain has it by then: either way, found.
    expect([100, 200]).toContain(
      (await getCallsStatus(reloaded, { id })).statusCode,
    )
    expect((await settled(id, reloaded)).statusCode).toBe(200)
    expect(await tokenRead(base.id, 'balanceOf')).toBe(parseEther('2'))
    // The reloaded page's session key asked: no passkey prompt.
    expect(user.passkey.counter).toBe(1)
  })

  it('showCallsStatus: 4200, the wallet has no window of its own', async () => {
    await expect(showCallsStatus(config, { id: '0x01' })).rejects.toMatchObject(
      { code: 4200 },
    )
  })
})

describe('a request the wallet cannot honour is refused with EIP-5792’s code, before anything is sent', () => {
  const good = () => ({
    version: '2.0.0',
    chainId: numberToHex(mainnet.id),
    from: user.address,
    atomicRequired: true,
    calls: [tokenCall(mainnet.id, 'transfer', 1n)],
  })
  it.each([
    ['another version', { version: '1.0' }, -32602],
    ['an id of the app’s', { id: 'app-batch-1' }, -32602],
    ['another account', { from: spender }, 4100],
    ['a chain outside the config', { chainId: numberToHex(10) }, 5710],
    ['no calls', { calls: [] }, -32602],
    [
      '51 calls',
      { calls: Array.from({ length: 51 }, () => ({ to: recipient })) },
      5740,
    ],
    [
      'a call without `to` (a deployment)',
      { calls: [{ data: '0x00' }] },
      -32602,
    ],
    [
      'a capability the wallet lacks, required',
      { capabilities: { paymasterService: { url: 'https://pm.example' } } },
      5700,
    ],
  ])('%s', async (_, change, code) => {
    const provider = (await config.connectors[0]!.getProvider()) as {
      request(args: { method: string; params: unknown[] }): Promise<unknown>
    }
    const sentBefore = await sends()
    await expect(
      provider.request({
        method: 'wallet_sendCalls',
        params: [{ ...good(), ...change }],
      }),
    ).rejects.toMatchObject({ code })
    expect(await sends()).toBe(sentBefore)
  })

  it('an optional capability the wallet lacks is ignored: the batch is sent', async () => {
    const { id } = await sendCalls(config, {
      chainId: mainnet.id,
      calls: [tokenCall(mainnet.id, 'transfer', 1n)],
      capabilities: {
        paymasterService: { url: 'https://pm.example', optional: true },
      },
    })
    expect((await settled(id)).statusCode).toBe(200)
  })
})

describe('sponsorship is the host’s to give, and is never swapped for the user paying', () => {
  it('over the limit: SponsorshipRefusedError, and nothing is sent', async () => {
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '0.000001',
      windowDurationMinutes: '60',
    })
    try {
      const sentBefore = await sends()
      const error = await sendCalls(config, {
        chainId: base.id,
        calls: [tokenCall(base.id, 'transfer', parseEther('1'))],
      }).catch((e: unknown) => e)
      const refused = (error as BaseError).walk(
        (e) => e instanceof SponsorshipRefusedError,
      )
      expect(refused).toBeInstanceOf(SponsorshipRefusedError)
      expect((refused as SponsorshipRefusedError).details).toMatch(
        /limit exceeded/,
      )
      // Not sent again at the user's cost: the vendor ran no send at all.
      expect(await sends()).toBe(sentBefore)
      expect(await tokenRead(base.id, 'balanceOf')).toBe(parseEther('2'))
    } finally {
      await setGasUsageConfig(vendor, {
        orgWindowLimitUsd: '100',
        subOrgWindowLimitUsd: '10',
        windowDurationMinutes: '60',
      })
    }
  })

  it('sponsorship off at the vendor: a page script holding the session key asks the Gas Station to pay, and the vendor refuses; nothing is sent', async () => {
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '10',
      windowDurationMinutes: '60',
      enabled: false,
    })
    try {
      const sentBefore = await sends()
      const key = await sessionKeyStore.get(`${host.storage.key}.passkeyWallet`)
      const refused = await sponsoredSendAsScript({
        vendorUrl: vendor.url,
        user,
        key: key!,
        chainId: base.id,
        calls: [tokenCall(base.id, 'transfer', 1n)],
      })
      expect(refused).toBeInstanceOf(VendorRequestError)
      expect((refused as VendorRequestError).vendorMessage).toMatch(
        /not enabled/,
      )
      expect(await sends()).toBe(sentBefore)
    } finally {
      await setGasUsageConfig(vendor, {
        orgWindowLimitUsd: '100',
        subOrgWindowLimitUsd: '10',
        windowDurationMinutes: '60',
        enabled: true,
      })
    }
  })
})

describe('without a session key, a batch costs the one prompt of its send: its status is found on the chain', () => {
  const storage = memoryStorage('without-session')
  const withoutSession = () =>
    passkeyHostConfig(
      vendor,
      [mainnet, base],
      { session: false, sponsorship: { chainIds: [base.id] } },
      storage.storage,
    )
  let page: ReturnType<typeof withoutSession>
  beforeAll(async () => {
    page = withoutSession()
    await connect(page, { connector: page.connectors[0]! })
  })
  afterAll(() => disconnect(page))

  it('sent and confirmed with one prompt, and found again after a reload with none', async () => {
    const prompts = user.passkey.counter
    const received = await tokenRead(mainnet.id, 'balanceOf')
    const { id } = await sendCalls(page, {
      chainId: mainnet.id,
      calls: approveThenTransfer(mainnet.id, 1n, 1n),
    })
    expect((await settled(id, page)).statusCode).toBe(200)
    expect(user.passkey.counter - prompts).toBe(1)
    expect(await tokenRead(mainnet.id, 'balanceOf')).toBe(received + 1n)

    const reloaded = withoutSession()
    await reconnect(reloaded)
    const again = await getCallsStatus(reloaded, { id })
    expect(again.statusCode).toBe(200)
    expect(again.receipts?.[0]?.status).toBe('success')
    expect(user.passkey.counter - prompts).toBe(1)
  })

  it('a batch that never lands: pending while it may still be sent, then the vendor says why, for one more prompt', async () => {
    const prompts = user.passkey.counter
    const { id } = await sendCalls(page, {
      chainId: mainnet.id,
      calls: [tokenCall(mainnet.id, 'transfer', parseEther('100000'))],
    })
    expect((await getCallsStatus(page, { id })).statusCode).toBe(100)
    expect(user.passkey.counter - prompts).toBe(1)
    // Long after the send, still nowhere on the chain, not even in the mempool.
    vi.setSystemTime(Date.now() + 16_000)
    try {
      const status = await getCallsStatus(page, { id })
      expect(status.statusCode).toBe(400)
      expect(
        (status as { capabilities?: { failure?: { reason?: string } } })
          .capabilities?.failure?.reason,
      ).toMatch(/InsufficientBalance/)
    } finally {
      vi.useRealTimers()
    }
    expect(user.passkey.counter - prompts).toBe(2)
  })
})
