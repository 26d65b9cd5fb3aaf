import { expect, type Page } from '@playwright/test'
import type { Address } from 'viem'
import type { Playground } from '../../playground/startPlayground.js'
import { startSandboxWallet } from '../../sandbox/wallet/startSandboxWallet.js'
import { signatureOf } from './playgroundSignature.js'
import { withSandboxTools } from './sandboxTools.js'
import { ignoreSessionDeletedTwice } from './unhandledSdkRejections.js'
import { addVirtualAuthenticator } from './virtualAuthenticator.js'

// Its sandbox wallets run in this worker.
ignoreSessionDeletedTwice()

/** The playground's own error line (the panels have theirs). */
export const playgroundAlert = (page: Page) =>
  page.locator('p.error[role=alert]')

/** The newest code the sandbox emailed to `email`, read in the playground's inbox as a person does. */
export async function readInbox(page: Page, email: string) {
  return withSandboxTools(page, async (drawer) => {
    const inbox = drawer.locator('.inbox')
    // A list opened before stays on screen until the new one arrives: wait for it to change.
    const before = (await inbox.textContent()) ?? ''
    await drawer.getByLabel('Inbox of').fill(email)
    await drawer.getByRole('button', { name: 'Open inbox' }).click()
    if (before) await expect(inbox).not.toHaveText(before)
    else await expect(inbox.locator('pre').first()).toBeVisible()
    return (await inbox.locator('pre').first().textContent())!.trim()
  })
}

export const signUpSection = (page: Page) =>
  page.getByRole('region', { name: 'Create a passkey wallet' })

/** Emails the sign-up's address a code, reads it in the inbox and types it back; the page's answer is the caller's to check. */
export async function enterSignUpEmailCode(page: Page, email: string) {
  const section = signUpSection(page)
  await section.getByLabel('Email (optional)').fill(email)
  await section.getByRole('button', { name: 'Email me a code' }).click()
  await expect(section.getByRole('status')).toHaveText(
    `We sent a code to ${email}.`,
  )
  await section.getByLabel('Email code').fill(await readInbox(page, email))
  await section.getByRole('button', { name: 'Confirm email' }).click()
  return section
}

/** Proves the sign-up's email: a code emailed to it, read in the inbox, typed back. */
export async function confirmSignUpEmail(page: Page, email: string) {
  const section = await enterSignUpEmailCode(page, email)
  await expect(section.getByRole('status')).toHaveText(
    `Email confirmed: ${email}`,
  )
}

/** Signs up with a new passkey in the page as it is (the authenticator is the caller's). */
export async function signUp(
  page: Page,
  userName: string,
  email?: string | undefined,
) {
  await page.getByLabel('User name').fill(userName)
  if (email) await confirmSignUpEmail(page, email)
  await page.getByRole('button', { name: 'Create passkey wallet' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  return (await page.getByTestId('address').textContent()) as Address
}

/** A sign-up on a newly opened playground with a virtual authenticator of its own. */
export async function signUpFresh(
  page: Page,
  userName: string,
  email?: string | undefined,
) {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  return { address: await signUp(page, userName, email), authenticator }
}

export async function clickSign(page: Page, message: string) {
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
}

/** Signs `message` in the playground; the signature it shows. */
export async function sign(page: Page, message: string) {
  await clickSign(page, message)
  return signatureOf(page, message)
}

/** Pairs the page with a fresh sandbox wallet through the URI the playground shows; stop it after. */
export async function pairSandboxWallet(page: Page, playground: Playground) {
  await page.getByRole('button', { name: 'Pair with WalletConnect' }).click()
  const uri = (await page.getByTestId('wc-uri').textContent())!.trim()
  const wallet = await startSandboxWallet({
    relayUrl: playground.sandbox.relay.url,
    rpcUrls: playground.sandbox.rpcUrls,
  })
  await wallet.pair(uri)
  await expect(page.getByTestId('status')).toHaveText('connected')
  return wallet
}

/** Asks the wallet's capabilities on the "Send calls" card, as the user does; the line that shows them. */
export async function askWalletCapabilities(page: Page) {
  await page
    .getByRole('button', { name: 'Ask the wallet what it can do' })
    .click()
  return page.getByTestId('calls-capabilities')
}

/** The "Send calls" card's approve + transfer of the test token in one batch, of `amount` if given. */
export async function sendBatch(page: Page, amount?: string) {
  if (amount !== undefined) await page.getByLabel('Batch amount').fill(amount)
  await page
    .getByRole('button', { name: 'Approve and transfer in one' })
    .click()
}
