import { expect, type Page } from '@playwright/test'
import { type Address, createPublicClient, http, verifyMessage } from 'viem'
import { sandboxChains } from '../../../sandbox/chains.js'
import { sendEthInPlayground } from '../../helpers/confirmedTransaction.js'
import { readHostStorage, secretsIn } from '../../helpers/hostStorage.js'
import { test } from '../../helpers/ownPlayground.js'
import { playgroundAlert, sign, signUp } from '../../helpers/playgroundSteps.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { fundFromFaucet } from '../../helpers/sandboxTools.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'

/*
 * The browser's storage failing under the pack: IndexedDB unavailable, as in
 * some private windows, and localStorage full. The user can still sign up,
 * connect and sign in the page; what a reload then brings is what the docs
 * say; nothing secret is written where it should not be, nothing is signed twice.
 */

declare const window: { storageFaults: { opens: number; writes: number } }

/** Every `indexedDB.open` fails as a private window's does (InvalidStateError, by its error event). */
function indexedDbUnavailable(page: Page) {
  return page.addInitScript(() => {
    const counted = { opens: 0, writes: 0 }
    ;(window as unknown as { storageFaults: typeof counted }).storageFaults =
      counted
    const error = new DOMException(
      'A mutation operation was attempted on a database that did not allow mutations.',
      'InvalidStateError',
    )
    IDBFactory.prototype.open = function open() {
      counted.opens++
      const request = new EventTarget() as IDBOpenDBRequest
      Object.defineProperties(request, {
        error: { get: () => error },
        result: {
          get() {
            throw error
          },
        },
        readyState: { get: () => 'done' },
      })
      Object.assign(request, {
        onsuccess: null,
        onerror: null,
        onupgradeneeded: null,
        onblocked: null,
      })
      setTimeout(() => {
        const event = new Event('error', { cancelable: true })
        request.onerror?.call(request, event)
        request.dispatchEvent(event)
      })
      return request
    }
    IDBFactory.prototype.databases = async () => []
  })
}

/** Every `localStorage.setItem` throws QuotaExceededError, as in a full origin. */
function localStorageFull(page: Page) {
  return page.addInitScript(() => {
    const counted = { opens: 0, writes: 0 }
    ;(window as unknown as { storageFaults: typeof counted }).storageFaults =
      counted
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (key: string, value: string) {
      if (this !== localStorage) return setItem.call(this, key, value)
      counted.writes++
      throw new DOMException(
        "Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.",
        'QuotaExceededError',
      )
    }
  })
}

/** Collects what the page throws or logs as an error. */
function pageProblems(page: Page) {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

async function expectSigned(
  page: Page,
  address: Address,
  vendor: ReturnType<typeof vendorSwitches>,
  message: string,
) {
  const signature = await sign(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  expect(await vendor.signaturesOf(message)).toEqual([
    'ACTIVITY_STATUS_COMPLETED',
  ])
}

/** Sub-organizations the vendor made for `userName`: an account made twice would show here. */
async function accountsMadeFor(
  vendor: ReturnType<typeof vendorSwitches>,
  userName: string,
) {
  return (
    await vendor.activities('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8')
  ).filter((activity) => JSON.stringify(activity.intent).includes(userName))
}

test('IndexedDB unavailable, as in some private windows: sign-up and transactions work with the session key for this page; after a reload wagmi reconnects and each transaction asks for the passkey; nothing secret in web storage', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const problems = pageProblems(page)
  await indexedDbUnavailable(page)
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const userName = `no-indexeddb-${Date.now()}`
  const address = await signUp(page, userName)
  const prompts = async () => (await authenticator.credentials())[0]!.signCount
  const promptsAfterSignUp = await prompts()
  // The pack tried IndexedDB for the session key, and it failed.
  expect(await page.evaluate(() => window.storageFaults.opens)).toBeGreaterThan(
    0,
  )

  // The session key sends without a prompt: it lives in memory, for this page.
  await fundFromFaucet(page)
  await expect(page.getByTestId('eth-balance')).toHaveText('1')
  const [ethereum] = sandboxChains(playground.sandbox.rpcUrls)
  const chain = createPublicClient({ chain: ethereum, transport: http() })
  const first = await sendEthInPlayground(page, chain, address)
  expect(await prompts()).toBe(promptsAfterSignUp)
  await expect(playgroundAlert(page)).toHaveCount(0)
  // Web storage holds the public connection only: no key, no bundle.
  const stored = await readHostStorage(page)
  expect(secretsIn(stored)).toEqual([])
  expect(stored.map(({ place }) => place)).not.toContainEqual(
    expect.stringMatching(/IndexedDB/),
  )
  expect(stored).toContainEqual(
    expect.objectContaining({
      place: 'localStorage',
      value: expect.stringContaining(address),
    }),
  )

  // Reloaded: wagmi reconnects from the stored address, with no prompt; the session key is gone with the page.
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  expect(await prompts()).toBe(promptsAfterSignUp)
  const second = await sendEthInPlayground(page, chain, address, {
    after: first,
  })
  expect(await prompts()).toBe(promptsAfterSignUp + 1)
  await sendEthInPlayground(page, chain, address, { after: second })
  expect(await prompts()).toBe(promptsAfterSignUp + 2)
  await expect(playgroundAlert(page)).toHaveCount(0)
  expect(secretsIn(await readHostStorage(page))).toEqual([])
  expect(await accountsMadeFor(vendor, userName)).toHaveLength(1)
  expect(problems).toEqual([])
  tally('fault', 'IndexedDB unavailable (private window)')
})

test('localStorage full (setItem throws QuotaExceededError): sign-up and signatures work for the page; after a reload the page is disconnected, and the passkey logs in to the same account', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const problems = pageProblems(page)
  await localStorageFull(page)
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const userName = `storage-full-${Date.now()}`
  const address = await signUp(page, userName)
  // wagmi and the pack tried to remember the connection, and could not.
  expect(
    await page.evaluate(() => window.storageFaults.writes),
  ).toBeGreaterThan(0)
  expect(await page.evaluate(() => localStorage.length)).toBe(0)

  await expectSigned(page, address, vendor, `storage full ${Date.now()}`)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(playgroundAlert(page)).toHaveCount(0)

  // Reloaded: nothing was remembered, so the page starts disconnected, without an error.
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(playgroundAlert(page)).toHaveCount(0)
  // The user logs in again with the passkey (one prompt) and reaches the same account.
  const promptsBefore = (await authenticator.credentials())[0]!.signCount
  await page.getByRole('button', { name: 'Log in with passkey' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  expect((await authenticator.credentials())[0]!.signCount).toBe(
    promptsBefore + 1,
  )
  await expectSigned(page, address, vendor, `after log-in ${Date.now()}`)
  expect(await accountsMadeFor(vendor, userName)).toHaveLength(1)
  expect(await authenticator.credentials()).toHaveLength(1)
  expect(secretsIn(await readHostStorage(page))).toEqual([])
  expect(problems).toEqual([])
  tally('fault', 'localStorage full (QuotaExceededError)')
})
