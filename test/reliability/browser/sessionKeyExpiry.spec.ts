import { expect } from '@playwright/test'
import { createPublicClient, type Hash, http } from 'viem'
import { sandboxChains } from '../../../sandbox/chains.js'
import { sendEthInPlayground } from '../../helpers/confirmedTransaction.js'
import { readHostStorage } from '../../helpers/hostStorage.js'
import { test as shared } from '../../helpers/ownPlayground.js'
import { playgroundAlert, signUp } from '../../helpers/playgroundSteps.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { fundFromFaucet } from '../../helpers/sandboxTools.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'

/**
 * This file moves the vendor's clock forward, for good: a worker-scoped
 * fixture of its own gives it a worker, and so a playground, of its own
 * (Playwright shares a worker between files whose worker fixtures match).
 */
const test = shared.extend<object, { vendorClockMoves: true }>({
  vendorClockMoves: [true, { scope: 'worker' }],
})

const sendPath = '/public/v1/submit/eth_send_transaction'
const signTransactionPath = '/public/v1/submit/sign_transaction'
// passkeyWallet's default session (docs/passkey.md): 900 s.
const sessionSeconds = 900

test('the vendor refuses the session key as expired mid-session (401 expired api key): the passkey signs the transaction instead, once, and the dead key is forgotten', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const warnings: string[] = []
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  /** The page's sending and signing requests to the vendor, with their HTTP status. */
  const answers: string[] = []
  page.on('response', (response) => {
    const path = response.url().replace(playground.sandbox.vendor.url, '')
    if (path === sendPath || path === signTransactionPath)
      answers.push(`${path.split('/').at(-1)} ${response.status()}`)
  })

  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, 'session-expires')
  await fundFromFaucet(page)
  await expect(page.getByTestId('eth-balance')).toHaveText('1')
  const [ethereum] = sandboxChains(playground.sandbox.rpcUrls)
  const chain = createPublicClient({ chain: ethereum, transport: http() })
  const prompts = async () => (await authenticator.credentials())[0]!.signCount
  const promptsAtStart = await prompts()
  const send = (after?: Hash) =>
    sendEthInPlayground(page, chain, address, { after })

  // The session key has the vendor send it, without a prompt.
  const first = await send()
  expect(await prompts()).toBe(promptsAtStart)
  expect(answers).toEqual(['eth_send_transaction 200'])

  // The vendor's clock passes the key's expiry; the page's does not, so the page still sends the key.
  await vendor.advanceClock((sessionSeconds + 60) * 1000)
  const second = await send(first)

  // What the user sees: the transaction, after one passkey prompt, and no error.
  expect(await prompts()).toBe(promptsAtStart + 1)
  await expect(playgroundAlert(page)).toHaveCount(0)
  // wagmi: still connected to the same account.
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  // The vendor refused the key once (no activity), and the passkey signed the transaction once.
  expect(answers).toEqual([
    'eth_send_transaction 200',
    'eth_send_transaction 401',
    'sign_transaction 200',
  ])
  // An expired API key is an everyday failure: a warning, not an error.
  expect(warnings.join('\n')).toContain('expired api key')
  expect(errors.filter((text) => /expired api key/i.test(text))).toEqual([])

  // The dead key is forgotten: gone from IndexedDB, and the next transaction goes to the passkey at once.
  expect(
    (await readHostStorage(page)).filter((entry) =>
      entry.value.includes('"cryptoKey":"private"'),
    ),
  ).toEqual([])
  await send(second)
  expect(await prompts()).toBe(promptsAtStart + 2)
  expect(answers.slice(3)).toEqual(['sign_transaction 200'])
  tally('fault', 'vendor 401 expired api key for the session key mid-session')
})
