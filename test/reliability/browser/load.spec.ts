import { expect, type Page } from '@playwright/test'
import { type Address, type Hash, verifyMessage } from 'viem'
import type { ConnectorHarness } from '../../../playground/harness/connector.js'
import { devAccount } from '../../../sandbox/devAccounts.js'
import {
  openConnectorHarness,
  signAllAtOnce,
} from '../../helpers/connectorHarness.js'
import { installTestWallet } from '../../helpers/injectedTestWallet.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'
import { tally } from '../tally.js'
import { test } from './reliabilityTest.js'

declare const window: { harness: ConnectorHarness }

const inFlight = 50
const inARow = 200

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

test(`passkeyWallet with its session key: ${inFlight} signatures in flight resolve correctly, in order, each signed once`, async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const { address } = await signUp(page, playground)
  const messages = await expectEachSignedInOrder(page, 'session key', address)
  for (const message of messages)
    expect(await vendor.signaturesOf(message)).toEqual([
      'ACTIVITY_STATUS_COMPLETED',
    ])
  tally('loadRequest', 'session key: signatures in flight', messages.length)
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

test(`passkeyWallet: ${inARow} signatures in a row with the session key leave the heap flat`, async ({
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
