import { expect, type Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  createTestClient,
  type Hash,
  type Hex,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import { linkOpened } from './linkOpened.js'

const message = 'hello from a connect kit'

/** Signs the kit example's message; the account, once the signature verifies as its. */
export async function signsInKitExample(page: Page) {
  const address = (await page.getByLabel('Account').textContent()) as Address
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const signature = (await page.getByLabel('Signature').textContent()) as Hex
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  return address
}

/**
 * On a phone without MetaMask: choosing MetaMask in the kit's modal opens
 * the example's page in MetaMask's browser.
 */
export async function expectMetaMaskBrowseLink(
  page: Page,
  { example, baseURL }: { example: string; baseURL: string | undefined },
  chooseMetaMask: () => Promise<void>,
) {
  await page.goto(example)
  const opened = await linkOpened(page, 'link.metamask.io', chooseMetaMask)
  const host = new URL(baseURL!).host
  expect(opened).toBe(`https://link.metamask.io/dapp/${host}${example}`)
}

/** The kit example's own sign-up form: a new passkey wallet, connected and signing; its account. */
export async function signsUpInKitExample(page: Page, userName: string) {
  await page.getByLabel('Your name').fill(userName)
  await page.getByRole('button', { name: 'Create passkey wallet' }).click()
  await expect(page.getByLabel('Account')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  return signsInKitExample(page)
}

/**
 * The kit example's first visit, on which the playground builds it: a hook
 * waits for it with its own timeout, so that no test's budget pays for the build.
 */
export async function buildsOnFirstVisit(example: string) {
  const response = await fetch(new URL(example, process.env.PLAYGROUND_URL))
  expect(response.status, await response.text()).toBe(200)
}

/**
 * The kit example's "Pay both in one confirmation" (EIP-5792 through wagmi's
 * hooks), from an account the test gives 1 ETH on chain 1: `transactions`
 * transactions from the account (one for an atomic batch, one per call for a
 * wallet that sends them one by one), and each payee 0.001 ETH richer.
 */
export async function paysBothInKitExample(
  page: Page,
  account: Address,
  rpcUrls: SandboxChainUrls,
  transactions = 1,
) {
  const transport = http(rpcUrls[1])
  await createTestClient({ mode: 'anvil', transport }).setBalance({
    address: account,
    value: parseEther('1'),
  })
  await page
    .getByRole('button', { name: 'Pay both in one confirmation' })
    .click()
  const payment = page.getByLabel('Payment')
  await expect(payment).toHaveText(
    new RegExp(`^0x[0-9a-f]{64}( 0x[0-9a-f]{64}){${transactions - 1}}$`),
  )
  const chain = createPublicClient({ transport })
  const receipts = await Promise.all(
    (await payment.textContent())!
      .split(' ')
      .map((hash) => chain.getTransactionReceipt({ hash: hash as Hash })),
  )
  for (const receipt of receipts) {
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account.toLowerCase())
  }
  const blocks = receipts.map((receipt) => receipt.blockNumber)
  for (const payee of [
    '0x1111111111111111111111111111111111111111',
    '0x2222222222222222222222222222222222222222',
  ] as const) {
    const balanceAt = (blockNumber: bigint) =>
      chain.getBalance({ address: payee, blockNumber })
    expect(
      (await balanceAt(blocks.at(-1)!)) - (await balanceAt(blocks[0]! - 1n)),
    ).toBe(parseEther('0.001'))
  }
}
