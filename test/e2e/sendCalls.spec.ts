import { expect, test } from '@playwright/test'
import {
  type Address,
  createTestClient,
  erc20Abi,
  type Hash,
  http,
  parseEventLogs,
} from 'viem'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import { playgroundScreenshot } from '../helpers/playgroundScreenshot.js'
import {
  askWalletCapabilities,
  sendBatch,
  signUp,
} from '../helpers/playgroundSteps.js'
import { sandboxClients } from '../helpers/sandboxClients.js'
import { fundFromFaucet } from '../helpers/sandboxTools.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

const rpcUrls = JSON.parse(
  process.env.SANDBOX_RPC_URLS ?? '{}',
) as SandboxChainUrls

test('passkeyWallet through wagmi’s useCapabilities, useSendCalls and useWaitForCallsStatus: approve + transfer in one transaction, sponsored on Base, found again after a reload; a reverting batch lands nothing and says why', async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  const address = await signUp(page, 'calls')
  const clients = sandboxClients()
  await fundFromFaucet(page)
  await expect(page.getByTestId('token-balance')).toHaveText('100')
  const card = page.locator('section', {
    has: page.getByRole('heading', { name: 'Send calls (EIP-5792)' }),
  })
  const capabilities = await askWalletCapabilities(page)
  await expect(capabilities).toContainText(
    'in one confirmation, all or nothing',
  )
  // The user pays on Ethereum: the app sponsors on Base only.
  await expect(capabilities).not.toContainText('the app pays the fee')

  await sendBatch(page, '4')
  const tx = page.getByTestId('calls-tx')
  await expect(tx).toHaveText(/^0x[0-9a-f]{64}$/)
  const paid = await clients[1].getTransactionReceipt({
    hash: (await tx.textContent()) as Hash,
  })
  // One transaction, from the user (who paid), carrying both calls.
  expect(paid.status).toBe('success')
  expect(paid.from.toLowerCase()).toBe(address.toLowerCase())
  expect(
    parseEventLogs({ abi: erc20Abi, logs: paid.logs }).map(
      (log) => log.eventName,
    ),
  ).toEqual(['Approval', 'Transfer'])
  await expect(page.getByTestId('token-balance')).toHaveText('96')

  // On Base, an account with tokens and no ETH at all.
  await createTestClient({
    mode: 'anvil',
    transport: http(rpcUrls[8453]),
  }).setBalance({ address: address as Address, value: 0n })
  await page.getByRole('button', { name: 'Base (8453)' }).click()
  await expect(page.getByTestId('chain')).toHaveText('Base (8453)')
  await expect(page.getByTestId('eth-balance')).toHaveText('0')
  await expect(page.getByTestId('token-balance')).toHaveText('100')
  await expect(capabilities).toContainText('the app pays the fee on this chain')
  await sendBatch(page)
  await expect(tx).toHaveText(/^0x[0-9a-f]{64}$/)
  const sponsored = await clients[8453].getTransactionReceipt({
    hash: (await tx.textContent()) as Hash,
  })
  // The Gas Station's sponsor sent it: the user still holds no ETH.
  expect(sponsored.status).toBe('success')
  expect(sponsored.from.toLowerCase()).not.toBe(address.toLowerCase())
  await expect(page.getByTestId('token-balance')).toHaveText('96')
  expect(await clients[8453].getBalance({ address: address as Address })).toBe(
    0n,
  )
  await playgroundScreenshot(card, 'send-calls')

  // A reload: the card asks for the same batch's status again.
  const sponsoredHash = (await tx.textContent()) as Hash
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(tx).toHaveText(sponsoredHash)

  // A batch whose transfer reverts (more than the account holds): its
  // approve does not land either, and the card says why.
  const token = sponsored.logs[0]!.address
  const recipient = (await page
    .getByLabel('Batch recipient')
    .inputValue()) as Address
  const allowance = () =>
    clients[8453].readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [address as Address, recipient],
    })
  const allowed = await allowance()
  await askWalletCapabilities(page)
  await sendBatch(page, '1000')
  await expect(card.getByRole('alert')).toContainText(
    /^Nothing was sent: .*(insufficient|balance)/i,
  )
  await expect(page.getByTestId('token-balance')).toHaveText('96')
  expect(await allowance()).toBe(allowed)
})
