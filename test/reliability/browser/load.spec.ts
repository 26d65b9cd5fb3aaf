import { expect, type Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  createTestClient,
  type Hash,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { ConnectorHarness } from '../../../playground/harness/connector.js'
import { sandboxChains } from '../../../sandbox/chains.js'
import { devAccount } from '../../../sandbox/devAccounts.js'
import {
  openConnectorHarness,
  signAllAtOnce,
} from '../../helpers/connectorHarness.js'
import { installTestWallet } from '../../helpers/injectedTestWallet.js'
import { test } from '../../helpers/ownPlayground.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'

declare const window: { harness: ConnectorHarness }

const inFlight = 50
const inARow = 200
// Each is a transaction mined on the sandbox's chain: fewer than the signatures.
const sendsInFlight = 20

const messagesFor = (name: string) =>
  Array.from(
    { length: inFlight },
    (_, index) => `${name} ${index} ${Date.now()}`,
  )

async function expectEachSignedInOrder(
  page: Page,
  name: string,
  address: Address,
) {
  const messages = messagesFor(name)
  const { signatures, resolved } = await signAllAtOnce(page, messages)
  const verified = await Promise.all(
    messages.map((message, index) =>
      verifyMessage({ address, message, signature: signatures[index] as Hash }),
    ),
  )
  expect(verified).toEqual(messages.map(() => true))
  expect(resolved).toEqual(messages.map((_, index) => index))
  return messages
}

async function signUp(
  page: Page,
  playground: Parameters<typeof openConnectorHarness>[1],
  query = {},
) {
  await openConnectorHarness(page, playground, 'passkeyWallet', query)
  const authenticator = await addVirtualAuthenticator(page)
  const address = await page.evaluate(() => window.harness.signUp('load'))
  return { address, authenticator }
}

test(`passkeyWallet with its session key: ${sendsInFlight} transactions in flight are each sent once, in order`, async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const { address, authenticator } = await signUp(page, playground)
  const [ethereum] = sandboxChains(playground.sandbox.rpcUrls)
  await createTestClient({
    chain: ethereum,
    mode: 'anvil',
    transport: http(),
  }).setBalance({ address, value: parseEther('1') })
  const chain = createPublicClient({ chain: ethereum, transport: http() })
  const promptsBefore = (await authenticator.credentials())[0]!.signCount
  const sentBefore = (
    await vendor.activities('ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2')
  ).length
  const recipients = Array.from(
    { length: sendsInFlight },
    () => privateKeyToAccount(generatePrivateKey()).address,
  )
  const { hashes, resolved } = await page.evaluate(async (recipients) => {
    const resolved: number[] = []
    const hashes = await Promise.all(
      recipients.map((to, index) =>
        window.harness.sendTransaction(to, '1000').then((hash) => {
          resolved.push(index)
          return hash
        }),
      ),
    )
    return { hashes, resolved }
  }, recipients)
  expect(resolved).toEqual(recipients.map((_, index) => index))
  const receipts = await Promise.all(
    hashes.map((hash) => chain.waitForTransactionReceipt({ hash })),
  )
  expect(receipts.map((receipt) => receipt.status)).toEqual(
    recipients.map(() => 'success'),
  )
  // In the order asked: each one's nonce follows the one before.
  const nonces = await Promise.all(
    hashes.map(async (hash) => (await chain.getTransaction({ hash })).nonce),
  )
  expect(nonces).toEqual(nonces.map((_, index) => nonces[0]! + index))
  for (const to of recipients)
    expect(await chain.getBalance({ address: to })).toBe(1000n)
  // Each sent once, by the vendor, with no prompt.
  expect(
    (await vendor.activities('ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2')).length,
  ).toBe(sentBefore + sendsInFlight)
  expect((await authenticator.credentials())[0]!.signCount).toBe(promptsBefore)
  tally('loadRequest', 'session key: transactions in flight', sendsInFlight)
})

test(`passkeyWallet with a passkey prompt per signature: ${inFlight} in flight wait for each other's prompt`, async ({
  page,
  playground,
}) => {
  const { address, authenticator } = await signUp(page, playground, {
    session: 'off',
  })
  const promptsBefore = (await authenticator.credentials())[0]!.signCount
  const messages = await expectEachSignedInOrder(
    page,
    'passkey prompts',
    address,
  )
  expect((await authenticator.credentials())[0]!.signCount).toBe(
    promptsBefore + inFlight,
  )
  tally('loadRequest', 'passkey prompts: signatures in flight', messages.length)
})

test(`injectedWallet: ${inFlight} signatures in flight resolve correctly and in order`, async ({
  page,
  playground,
}) => {
  const address = devAccount(4).address
  await installTestWallet(page, {
    address,
    rpcUrls: playground.sandbox.rpcUrls,
    chainId: 1,
  })
  await openConnectorHarness(page, playground, 'injectedWallet')
  expect(await page.evaluate(() => window.harness.connect())).toBe(address)
  const messages = await expectEachSignedInOrder(page, 'injected', address)
  tally('loadRequest', 'injected: signatures in flight', messages.length)
})

test(`passkeyWallet: ${inARow} signatures in a row leave the heap flat`, async ({
  page,
  playground,
}) => {
  const { address } = await signUp(page, playground)
  const cdp = await page.context().newCDPSession(page)
  const heapAfterGarbageCollection = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    return (await cdp.send('Runtime.getHeapUsage')).usedSize
  }
  const signInARow = (count: number, prefix: string) =>
    page.evaluate(
      async ([count, prefix]) => {
        let last = ''
        for (let index = 0; index < count; index++)
          last = await window.harness.signMessage(`${prefix} ${index}`)
        return last
      },
      [count, prefix] as const,
    )
  // Warm: every module loaded and every cache filled once.
  await signInARow(20, 'warm')
  const before = await heapAfterGarbageCollection()
  const last = await signInARow(inARow, 'row')
  const after = await heapAfterGarbageCollection()
  expect(
    await verifyMessage({
      address,
      message: `row ${inARow - 1}`,
      signature: last as Hash,
    }),
  ).toBe(true)
  console.log(
    `heap before ${before} B, after ${inARow} signatures ${after} B (${after - before} B)`,
  )
  // Flat: well under 1 kB kept per signature.
  expect(after - before).toBeLessThan(200_000)
  tally('loadRequest', 'passkeyWallet: signatures in a row', inARow)
})
