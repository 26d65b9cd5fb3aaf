import { StamperType, TurnkeyClient } from '@turnkey/core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { gasStationAddress } from '../../sandbox/contracts/gasStationAddresses.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { setGasUsageConfig } from '../../sandbox/turnkey/gasUsageConfig.js'
import { publicApi } from '../../sandbox/turnkey/openapi/documents.js'
import { validateAgainstSchema } from '../../sandbox/turnkey/openapi/validateAgainstSchema.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { tokenCall, tokenHeldBy } from '../helpers/testToken.js'
import { backendClient, signUp } from '../helpers/vendorUsers.js'

const [, base] = sandboxChains(inject('sandbox').rpcUrls)
const caip2 = `eip155:${base.id}` as const
const chain = createPublicClient({ chain: base, transport: http() })
const spender = '0x000000000000000000000000000000000000dEaD' as Address
const recipient = '0x00000000000000000000000000000000000000Be' as Address

let vendor: Vendor
let user: Awaited<ReturnType<typeof signUp>>
let client: TurnkeyClient
let token: Address

const approve = (amount: bigint) => tokenCall(token, 'approve', spender, amount)
const transfer = (amount: bigint) =>
  tokenCall(token, 'transfer', recipient, amount)

/** The vendor's own browser client, its passkey stamper being the user's software passkey. */
async function vendorClient() {
  const turnkey = new TurnkeyClient(
    {
      apiBaseUrl: vendor.url,
      organizationId: user.organizationId,
      defaultStamperType: StamperType.Passkey,
    },
    undefined,
    user.passkey.stamper() as never,
  )
  // @turnkey/core runs in browsers and React Native only and picks its
  // storage and key stamper by the globals it finds: its init sees a browser.
  // The passkey stamper given above signs every request here.
  vi.stubGlobal('window', {})
  vi.stubGlobal('document', {})
  try {
    await turnkey.init()
  } finally {
    vi.unstubAllGlobals()
  }
  return turnkey
}

beforeAll(async () => {
  vendor = await startVendor({ chains: inject('sandbox').rpcUrls })
  user = await signUp(vendor, 'gas-station-user')
  token = await tokenHeldBy({
    chain: base,
    funder: devAccount(8),
    holder: user.address,
    amount: parseEther('100'),
  })
  await setGasUsageConfig(vendor, {
    orgWindowLimitUsd: '100',
    subOrgWindowLimitUsd: '10',
    windowDurationMinutes: '60',
    enabled: true,
  })
  client = await vendorClient()
})

afterAll(() => vendor?.stop())

const balanceOf = (address: Address) =>
  chain.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
const allowance = () =>
  chain.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [user.address, spender],
  })

describe('eth_send_transaction through the Gas Station, with @turnkey/core', () => {
  it('sponsors an approve + transfer batch from an account holding no ETH', async () => {
    expect(await chain.getBalance({ address: user.address })).toBe(0n)
    const sendTransactionStatusId = await client.ethSendTransaction({
      organizationId: user.organizationId,
      transaction: {
        from: user.address,
        caip2,
        sponsor: true,
        calls: [approve(5n), transfer(7n)],
      },
    })
    const status = await client.pollTransactionStatus({
      organizationId: user.organizationId,
      sendTransactionStatusId,
      pollingIntervalMs: 100,
    })
    expect(status.txStatus).toBe('INCLUDED')
    expect(
      schemaProblems('v1GetSendTransactionStatusResponse', status),
    ).toEqual([])
    const receipt = await chain.getTransactionReceipt({
      hash: status.eth!.txHash as `0x${string}`,
    })
    expect(receipt.status).toBe('success')
    expect(await balanceOf(recipient)).toBe(7n)
    expect(await allowance()).toBe(5n)
    expect(await chain.getBalance({ address: user.address })).toBe(0n)
    const usage = await backendClient(vendor).getGasUsage({
      organizationId: user.organizationId,
    })
    expect(usage).toMatchObject({ windowLimitUsd: '10.000000' })
    expect(Number(usage.usageUsd)).toBeGreaterThan(0)
    const nonces = await backendClient(vendor).getNonces({
      organizationId: user.organizationId,
      address: user.address,
      caip2,
      nonce: true,
      gasStationNonce: true,
    })
    expect(nonces).toEqual({ nonce: '1', gasStationNonce: '1' })
  })

  it('lands nothing of a reverting batch, and its status names the revert', async () => {
    const before = {
      allowance: await allowance(),
      sent: await balanceOf(recipient),
      held: await balanceOf(user.address),
    }
    const sendTransactionStatusId = await client.ethSendTransaction({
      organizationId: user.organizationId,
      transaction: {
        from: user.address,
        caip2,
        sponsor: true,
        calls: [approve(9n), transfer(parseEther('1000'))],
      },
    })
    const failure = await client
      .pollTransactionStatus({
        organizationId: user.organizationId,
        sendTransactionStatusId,
        pollingIntervalMs: 100,
      })
      .then(
        () => undefined,
        (error: unknown) => error as Error & { cause?: any },
      )
    expect(failure).toBeInstanceOf(Error)
    // pollTransactionStatus rejects with the status answer as the cause.
    const status = failure!.cause
    expect(status).toMatchObject({
      txStatus: 'FAILED',
      error: {
        revertChain: expect.arrayContaining([
          expect.objectContaining({
            address: token.toLowerCase(),
            errorType: 'custom',
            custom: {
              errorName: 'InsufficientBalance',
              paramsJson: JSON.stringify({
                available: String(before.held),
                required: String(parseEther('1000')),
              }),
            },
          }),
        ]),
      },
    })
    expect(status.txError).toMatch(/^execution reverted: InsufficientBalance/)
    // Outermost first: the station, the account's delegate, the token.
    expect(
      status.error.revertChain.map(
        (entry: { address: string }) => entry.address,
      ),
    ).toEqual([
      gasStationAddress.toLowerCase(),
      user.address.toLowerCase(),
      token.toLowerCase(),
    ])
    expect(
      schemaProblems('v1GetSendTransactionStatusResponse', status),
    ).toEqual([])
    expect(await allowance()).toBe(before.allowance)
    expect(await balanceOf(recipient)).toBe(before.sent)
  })

  it('refuses what the schema refuses: no calls, 51 calls, another account, another chain, an address with a wrong checksum', async () => {
    const stranger = await signUp(vendor, 'gas-station-stranger')
    const send = (transaction: Record<string, unknown>) =>
      client
        .ethSendTransaction({
          organizationId: user.organizationId,
          transaction: { from: user.address, caip2, ...transaction } as never,
        })
        .then(
          () => 'sent',
          (error: Error & { cause?: Error }) =>
            `${error.message}: ${error.cause?.message}`,
        )
    expect(await send({ calls: [] })).toContain(
      'calls must contain between 1 and 50 entries, not 0',
    )
    expect(
      await send({ sponsor: true, calls: Array(51).fill(approve(1n)) }),
    ).toContain('calls must contain between 1 and 50 entries, not 51')
    expect(
      await send({ from: stranger.address, calls: [approve(1n)] }),
    ).toContain(
      `no wallet account or private key found for ${stranger.address}`,
    )
    expect(await send({ caip2: 'eip155:5', calls: [approve(1n)] })).toContain(
      'invalid request body: parameters.caip2 must be one of',
    )
    expect(await send({ caip2: 'eip155:137', calls: [approve(1n)] })).toContain(
      'the sandbox runs no chain for eip155:137',
    )
    // A mixed-case address whose EIP-55 checksum is wrong: 400, never 500.
    const checksummed = getAddress(user.address)
    const wrongCase = `0x${[...checksummed.slice(2)]
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join('')}`
    expect(await send({ calls: [{ to: wrongCase, value: '1' }] })).toContain(
      'calls[0].to must be a 0x-prefixed address (mixed case only with its EIP-55 checksum)',
    )
  })

  it('sends unsponsored: one call as the account’s EIP-1559 transaction, an undelegation, a batch the account pays', async () => {
    const funder = createWalletClient({
      account: devAccount(8),
      chain: base,
      transport: http(),
    })
    await chain.waitForTransactionReceipt({
      hash: await funder.sendTransaction({
        to: user.address,
        value: parseEther('0.01'),
      }),
      pollingInterval: 100,
    })
    const sent = await client.pollTransactionStatus({
      organizationId: user.organizationId,
      sendTransactionStatusId: await client.ethSendTransaction({
        organizationId: user.organizationId,
        transaction: { from: user.address, caip2, calls: [transfer(1n)] },
      }),
      pollingIntervalMs: 100,
    })
    const transaction = await chain.getTransaction({
      hash: sent.eth!.txHash as `0x${string}`,
    })
    expect(transaction).toMatchObject({
      type: 'eip1559',
      from: user.address.toLowerCase(),
      to: token.toLowerCase(),
    })
    // The account delegates since its sponsored batch; the vendor's client has no call for undelegating.
    expect(await chain.getCode({ address: user.address })).toMatch(/^0xef0100/)
    const { sendTransactionStatusId } = await user.client
      .ethUndelegate7702({
        type: 'ACTIVITY_TYPE_ETH_UNDELEGATE_7702',
        timestampMs: String(Date.now()),
        organizationId: user.organizationId,
        parameters: { from: user.address, caip2 },
      } as never)
      .then((answer: any) => answer.activity.result.ethUndelegate7702Result)
    await client.pollTransactionStatus({
      organizationId: user.organizationId,
      sendTransactionStatusId,
      pollingIntervalMs: 100,
    })
    expect(await chain.getCode({ address: user.address })).toBeUndefined()
    // Several calls without a sponsor: the account delegates again and pays itself.
    const batch = await client.pollTransactionStatus({
      organizationId: user.organizationId,
      sendTransactionStatusId: await client.ethSendTransaction({
        organizationId: user.organizationId,
        transaction: {
          from: user.address,
          caip2,
          calls: [approve(3n), transfer(1n)],
        },
      }),
      pollingIntervalMs: 100,
    })
    expect(
      await chain.getTransaction({ hash: batch.eth!.txHash as `0x${string}` }),
    ).toMatchObject({
      type: 'eip7702',
      from: user.address.toLowerCase(),
      to: user.address.toLowerCase(),
    })
    expect(await allowance()).toBe(3n)
    expect(await chain.getCode({ address: user.address })).toMatch(/^0xef0100/)
    // Every activity looks as the vendor's schema has it.
    const { activities } = await user.client.getActivities({
      organizationId: user.organizationId,
    })
    expect(activities.map((activity) => activity.type)).toEqual(
      expect.arrayContaining([
        'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
        'ACTIVITY_TYPE_ETH_UNDELEGATE_7702',
      ]),
    )
    for (const activity of activities)
      expect(schemaProblems('v1Activity', activity)).toEqual([])
  })

  it('counts a sponsored batch against the window from the moment it is accepted: batches sent at once cannot overshoot it', async () => {
    // Each batch its own (the vendor merges identical requests into one activity).
    const sponsored = (_: unknown, index: number) =>
      sendSponsored(approve(1000n + BigInt(index))).then(
        (sendTransactionStatusId) => ({ sendTransactionStatusId }),
        (error: Error & { cause?: Error }) => ({
          refused: String(error.cause?.message),
        }),
      )
    // One batch's estimate, as a refusal states it.
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '0.000001',
      windowDurationMinutes: '60',
    })
    const probe = await sponsored(undefined, 99)
    const estimate = Number(
      /may cost up to ([0-9.]+) USD/.exec(
        'refused' in probe ? probe.refused : '',
      )?.[1],
    )
    expect(estimate).toBeGreaterThan(0)
    // Room for two and a half of them; six sent at once.
    const limit = (estimate * 2.5).toFixed(6)
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: limit,
      windowDurationMinutes: '1',
    })
    await vendor.clock.advance(61_000)
    const answers = await Promise.all(Array.from({ length: 6 }, sponsored))
    const accepted = answers.filter((a) => 'sendTransactionStatusId' in a)
    expect(accepted.length).toBeGreaterThan(0)
    expect(accepted.length).toBeLessThanOrEqual(2)
    for (const answer of answers)
      if ('refused' in answer)
        expect(answer.refused).toContain('gas sponsorship limit exceeded')
    // Mined (or reverted on chain: sent at once, they share the delegate's nonce), each paid for.
    for (const answer of accepted)
      await expect
        .poll(
          async () =>
            (
              await backendClient(vendor).getSendTransactionStatus({
                organizationId: user.organizationId,
                sendTransactionStatusId: (
                  answer as { sendTransactionStatusId: string }
                ).sendTransactionStatusId,
              })
            ).txStatus,
          { interval: 100 },
        )
        .toMatch(/^(INCLUDED|FAILED)$/)
    const usage = await backendClient(vendor).getGasUsage({
      organizationId: user.organizationId,
    })
    expect(Number(usage.usageUsd)).toBeLessThanOrEqual(Number(limit))
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '10',
      windowDurationMinutes: '60',
      enabled: true,
    })
  })

  it('refuses a sponsored batch over the sub-organization’s limit', async () => {
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '0.000001',
      windowDurationMinutes: '60',
    })
    const refused = await sendSponsored(approve(1n)).catch(
      (error: Error & { cause?: Error }) => error.cause?.message,
    )
    expect(refused).toMatch(
      /^Turnkey error 9: gas sponsorship limit exceeded: the sub-organization's window of 60 minutes allows 0\.000001 USD/,
    )
  })
})

/** One sponsored batch of `call` from the user, through @turnkey/core: its status id. */
const sendSponsored = (call: ReturnType<typeof approve>) =>
  client.ethSendTransaction({
    organizationId: user.organizationId,
    transaction: { from: user.address, caip2, sponsor: true, calls: [call] },
  })

/** What the vendor's published schema finds wrong with `value` as its `definition`. */
function schemaProblems(definition: string, value: unknown) {
  return validateAgainstSchema(
    publicApi,
    { $ref: `#/definitions/${definition}` },
    value,
  )
}
