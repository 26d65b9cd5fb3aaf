import { expect, type Page, test } from '@playwright/test'
import { type Hash, verifyMessage } from 'viem'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { confirmedTransaction } from '../helpers/confirmedTransaction.js'
import {
  installTestWallet,
  type TestWalletControls,
} from '../helpers/injectedTestWallet.js'
import { linkOpened } from '../helpers/linkOpened.js'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { askWalletCapabilities, sendBatch } from '../helpers/playgroundSteps.js'
import { sandboxClients } from '../helpers/sandboxClients.js'
import { fundFromFaucet } from '../helpers/sandboxTools.js'

const rpcUrls = JSON.parse(
  process.env.SANDBOX_RPC_URLS ?? '{}',
) as SandboxChainUrls
// Account 2 is left alone by the playground's other journeys.
const account = devAccount(2).address
const walletName = 'Sandbox Injected Wallet'

/** Steers the test wallet in the page, as the person holding it would. */
function wallet<result, argument = undefined>(
  page: Page,
  steer: (controls: TestWalletControls, argument: argument) => result,
  argument?: argument,
) {
  return page.evaluate(
    `(${steer.toString()})(window.testWallet, ${JSON.stringify(argument)})`,
  ) as Promise<Awaited<result>>
}

const requestedMethods = (page: Page) =>
  wallet(page, (controls) => controls.requests.map((r) => r.method))

async function connect(page: Page) {
  await page.goto('/')
  const announced = page.getByTestId('announced-wallets')
  // Announced once: ours claims its rdns, so wagmi's discovery does not add it again.
  await expect(announced.getByRole('button', { name: walletName })).toHaveCount(
    1,
  )
  await announced.getByRole('button', { name: walletName }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(account)
}

const switchError = (page: Page) =>
  page.getByRole('region', { name: 'Switch chain' }).getByRole('alert')

test.describe('on desktop with a browser wallet', () => {
  test.beforeEach(async ({ page }) => {
    await installTestWallet(page, { address: account, rpcUrls, chainId: 1 })
  })

  test('discovers it, connects, signs and sends', async ({ page }) => {
    await connect(page)
    await page.getByLabel('Message').fill('from the browser wallet')
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    const signature = (await page
      .getByTestId('signature')
      .textContent()) as Hash
    expect(
      await verifyMessage({
        address: account,
        message: 'from the browser wallet',
        signature,
      }),
    ).toBe(true)

    const recipient = devAccount(3).address
    const client = sandboxClients()[1]
    const before = await client.getBalance({ address: recipient })
    await page.getByLabel('ETH recipient').fill(recipient)
    await page.getByLabel('ETH amount').fill('0.5')
    await page.getByRole('button', { name: 'Send ETH' }).click()
    const hash = await confirmedTransaction(page, 'eth-tx')
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(account.toLowerCase())
    expect((await client.getBalance({ address: recipient })) - before).toBe(
      500000000000000000n,
    )
  })

  test('useSendCalls: the wallet sends the calls its own way, and one without EIP-5792 (MetaMask’s -32601) gets them one by one through viem’s fallback', async ({
    page,
  }) => {
    await connect(page)
    await fundFromFaucet(page)
    await expect(page.getByTestId('token-balance')).toHaveText('100')
    await expect(await askWalletCapabilities(page)).toHaveText(
      'This wallet sends the calls one by one on this chain.',
    )
    const confirmed = page.getByTestId('calls-confirmed')
    const send = async () => {
      await sendBatch(page, '4')
      await expect(confirmed).toContainText('Confirmed in 2 transactions')
    }
    await send()
    await expect(page.getByTestId('token-balance')).toHaveText('96')
    expect(await requestedMethods(page)).toContain('wallet_sendCalls')

    await wallet(page, (controls) => {
      controls.callsError = {
        code: -32601,
        message:
          'The method "wallet_sendCalls" does not exist / is not available.',
      }
    })
    const before = (await requestedMethods(page)).length
    await send()
    await expect(page.getByTestId('token-balance')).toHaveText('92')
    const after = (await requestedMethods(page)).slice(before)
    expect(after[0]).toBe('wallet_sendCalls')
    expect(
      after.filter((method) => method === 'eth_sendTransaction'),
    ).toHaveLength(2)
  })

  test('switches to a chain the wallet does not know by adding it first', async ({
    page,
  }) => {
    await connect(page)
    await wallet(page, (controls) => controls.forget(8453))
    await page.getByRole('button', { name: 'Base (8453)' }).click()
    await expect(page.getByTestId('chain')).toHaveText('Base (8453)')
    const requests = await wallet(page, (controls) => controls.requests)
    const added = requests.find((r) => r.method === 'wallet_addEthereumChain')
    expect(added?.params).toEqual([
      expect.objectContaining({
        chainId: '0x2105',
        chainName: 'Base',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: [rpcUrls[8453]],
      }),
    ])
    expect(
      requests
        .map((r) => r.method)
        .filter((method) => method.startsWith('wallet_'))
        .slice(-3),
    ).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    // Signing now happens on Base: the wallet forwards to Base's node.
    await page.getByLabel('Message').fill('on base')
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(page.getByTestId('signature')).toHaveText(/^0x/)
  })

  test('each switching refusal says why in its own words', async ({ page }) => {
    await connect(page)
    await wallet(page, (controls) => {
      controls.rejectRequests = true
    })
    await page.getByRole('button', { name: 'Base (8453)' }).click()
    await expect(switchError(page)).toHaveText(
      "User rejected the wallet's request to switch network",
    )

    await wallet(page, (controls) => {
      controls.rejectRequests = false
      controls.lacksSwitchChain = true
    })
    await page.getByRole('button', { name: 'Base (8453)' }).click()
    await expect(switchError(page)).toHaveText(
      'Network switching is not supported',
    )

    await wallet(page, (controls) => {
      controls.lacksSwitchChain = false
    })
    await page.getByLabel('Chain id').fill('10')
    await page.getByRole('button', { name: 'Switch to chain id' }).click()
    await expect(switchError(page)).toHaveText(
      'Could not find network mapping for chain',
    )
    // Nothing moved: still on Ethereum, still connected.
    await expect(page.getByTestId('chain')).toHaveText('Ethereum (1)')
    await expect(page.getByTestId('status')).toHaveText('connected')
  })

  test('a rejected connection says so and leaves the page disconnected', async ({
    page,
  }) => {
    await page.goto('/')
    await wallet(page, (controls) => {
      controls.rejectRequests = true
    })
    await page
      .getByTestId('announced-wallets')
      .getByRole('button', { name: walletName })
      .click()
    await expect(
      page.getByRole('region', { name: 'Browser wallets' }).getByRole('alert'),
    ).toHaveText('Connection rejected. Please try again.')
    await expect(page.getByTestId('status')).toHaveText('disconnected')
  })

  test('reconnects on reload without a prompt; a disconnect sticks across reloads', async ({
    page,
  }) => {
    await connect(page)
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(account)
    expect(await requestedMethods(page)).not.toContain('eth_requestAccounts')

    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    // The wallet still grants the site: the pack remembers the user left.
    await page.reload()
    await expect(
      page
        .getByTestId('announced-wallets')
        .getByRole('button', { name: walletName }),
    ).toBeVisible()
    await expect(page.getByTestId('status')).toHaveText('disconnected')

    await page
      .getByTestId('announced-wallets')
      .getByRole('button', { name: walletName })
      .click()
    await expect(page.getByTestId('status')).toHaveText('connected')
    // Connecting again shows the wallet's account picker first.
    expect(await requestedMethods(page)).toEqual(
      expect.arrayContaining([
        'wallet_requestPermissions',
        'eth_requestAccounts',
      ]),
    )
  })

  test('a wallet that changes account or chain is followed, and one locked then unlocked reconnects', async ({
    page,
  }) => {
    await connect(page)
    const other = devAccount(4).address
    await wallet(
      page,
      (controls, address) => controls.emitAccountsChanged([address]),
      other,
    )
    await expect(page.getByTestId('address')).toHaveText(other)
    await wallet(page, (controls) => controls.emitChainChanged(8453))
    await expect(page.getByTestId('chain')).toHaveText('Base (8453)')
    await wallet(page, (controls) => controls.emitAccountsChanged([]))
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    // Unlocked again: connected by itself, as with wagmi's injected().
    await wallet(
      page,
      (controls, address) => controls.emitAccountsChanged([address]),
      other,
    )
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(other)
    await expect(page.getByTestId('chain')).toHaveText('Base (8453)')
  })
})

test('on desktop without the wallet, a dedicated button offers the install page', async ({
  page,
}) => {
  await page.goto('/')
  const wallets = page.getByRole('region', { name: 'Browser wallets' })
  await expect(
    wallets.getByRole('link', { name: 'install MetaMask' }),
  ).toHaveAttribute('href', 'https://metamask.io/download/')
  await expect(wallets.getByRole('button', { name: 'MetaMask' })).toHaveCount(0)
})

/** Where tapping `button` sends the page: a wallet's link service, answered locally. */
const opened = (page: Page, button: string, linkHost: string) =>
  linkOpened(page, linkHost, () =>
    page.getByRole('button', { name: button }).click(),
  )

for (const phone of ['iPhone 13', 'Pixel 7'])
  test.describe(`on a ${phone} without the wallet`, () => {
    test.use(phoneDevice(phone))

    test('MetaMask opens the page in its browser, the URL not encoded', async ({
      page,
      baseURL,
    }) => {
      await page.goto('/')
      const host = new URL(baseURL!).host
      expect(await opened(page, 'Open in MetaMask', 'link.metamask.io')).toBe(
        `https://link.metamask.io/dapp/${host}/`,
      )
    })

    test('Phantom and Coinbase open it with the URL encoded', async ({
      page,
      baseURL,
    }) => {
      const pageUrl = new URL('/?from=phone#top', baseURL).href
      const origin = new URL(baseURL!).origin
      await page.goto(pageUrl)
      expect(await opened(page, 'Open in Phantom', 'phantom.app')).toBe(
        `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`,
      )
      await page.goto(pageUrl)
      expect(await opened(page, 'Open in Coinbase Wallet', 'go.cb-w.com')).toBe(
        `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`,
      )
    })

    test('a wallet without an in-app browser link says so', async ({
      page,
    }) => {
      await page.goto('/')
      await page.getByRole('button', { name: 'Rabby', exact: true }).click()
      await expect(
        page
          .getByRole('region', { name: 'Browser wallets' })
          .getByRole('alert'),
      ).toHaveText('No inAppBrowserBase found for Rabby')
      expect(page.url()).toBe(new URL('/', page.url()).href)
    })
  })
