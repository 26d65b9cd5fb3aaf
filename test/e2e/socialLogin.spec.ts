import { type Browser, expect, type Page } from '@playwright/test'
import type { Address } from 'viem'
import { expectSigningAs } from '../helpers/expectSigningAs.js'
import { signInWithProvider, withClaims } from '../helpers/oidcSignIn.js'
import { test } from '../helpers/ownPlayground.js'
import { playgroundAlert, signUp } from '../helpers/playgroundSteps.js'
import { proxyRequests, vendorRequests } from '../helpers/vendorRequests.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

/*
 * "Continue with Google" and "with Apple" in the playground: the sandbox's
 * identity provider signs a person in in a window of its own, and the
 * account its ID token names is connected, made first when there is none.
 * Each test signs in as a person of its own (the sign-in page's "someone
 * else"), so no test meets another's account.
 */

/** What the playground keeps of the passkey wallet in web storage. */
const storedWallet = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) =>
      key.startsWith('wagmi.passkeyWallet.'),
    ),
  )

/** Picks the provider, and signs in in its window as the test person `sub`. */
async function continueWith(page: Page, provider: string, sub: string) {
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: `Continue with ${provider}` }).click()
  const signIn = await opened
  await signIn.getByLabel('Someone else').fill(sub)
  // Listened for first: the page may close the window before the click returns.
  const closed = signIn.waitForEvent('close')
  await signIn.getByRole('button', { name: 'Sign in as this person' }).click()
  await closed
  await expect(page.getByTestId('status')).toHaveText('connected')
  return (await page.getByTestId('address').textContent()) as string
}

/** A playground in a browser profile of its own (no storage, no IndexedDB shared). */
async function freshProfile(browser: Browser, path: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(path)
  return { page, close: () => context.close() }
}

const person = (name: string) => `${name}-${Date.now().toString(36)}`

test('no backend: Continue with Google signs up through the Auth Proxy, and logs in on a second profile to the same address', async ({
  page,
  browser,
  playground,
}) => {
  const sub = person('grace')
  await page.goto('/?backend=proxy')
  const proxy = proxyRequests(page)
  const requests = vendorRequests(page, playground.sandbox.vendor.url)
  const address = await continueWith(page, 'Google', sub)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // No account had the person's Google account: the proxy made one, then logged its one-time key in.
  expect(proxy).toEqual(['account', 'signup', 'oauth_login'])
  // The one-time key made the session key under the profile (checked in the vendor's list),
  // then looked for itself to revoke: the session key's log-in had ended it already.
  expect(requests).toEqual([
    'submit/stamp_login',
    'query/get_api_keys',
    'query/get_api_keys',
    'query/list_wallet_accounts',
  ])

  const second = await freshProfile(browser, '/?backend=proxy')
  try {
    const secondProxy = proxyRequests(second.page)
    expect(await continueWith(second.page, 'Google', sub)).toBe(address)
    expect(secondProxy).toEqual(['account', 'oauth_login'])
  } finally {
    await second.close()
  }
})

test('an answer whose state is not the sign-in’s is refused with a typed error, and nothing is kept', async ({
  page,
}) => {
  await page.goto('/?backend=proxy')
  const proxy = proxyRequests(page)
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue with Apple' }).click()
  const signIn = await opened
  await signIn.waitForURL(/\/interaction\//)
  // A forged answer: the playground's own page with a code and a state of someone else's.
  const forged = `${new URL(page.url()).origin}/#code=forged&id_token=forged&state=forged`
  await signIn.evaluate((url) => location.assign(url), forged)
  await expect(playgroundAlert(page)).toContainText(
    'The sign-in answer did not belong to this sign-in.',
  )
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(signIn.isClosed()).toBe(true)
  expect(proxy).toEqual([])
  expect(await storedWallet(page)).toEqual([])
})

test('the browser blocks the sign-in window: the page goes to the provider, comes back, and connects; the answer is used once', async ({
  page,
}) => {
  // What a browser that blocks the window answers: no window. (Headless
  // Chromium lets any window open that a test's own click asks for.)
  await page.addInitScript(() => {
    window.open = () => null
  })
  await page.goto('/?backend=proxy')
  const proxy = proxyRequests(page)
  const popups: unknown[] = []
  page.on('popup', (popup) => popups.push(popup))
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await page.waitForURL(/\/interaction\//)
  await page.getByLabel('Someone else').fill(person('hedy'))
  await page.getByRole('button', { name: 'Sign in as this person' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  expect(popups).toEqual([])
  expect(proxy).toEqual(['account', 'signup', 'oauth_login'])
  // The answer is off the address bar (its history entry replaced).
  const url = new URL(page.url())
  expect(url.hash).toBe('')
  expect(url.search).toBe('?backend=proxy')

  // An answer this browser did not ask for (a link shared, a replay): refused, nothing connected.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await page.goto('about:blank')
  await page.goto(
    `${url.origin}/?backend=proxy#state=wcp-oidc-replayed&id_token=x`,
  )
  await expect(playgroundAlert(page)).toContainText(
    'The sign-in answer did not belong to this sign-in.',
  )
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(new URL(page.url()).hash).toBe('')
})

test('with the host backend: Continue with Apple signs up and logs in on a second profile; another person gets an account of their own', async ({
  page,
  browser,
  playground,
}) => {
  const sub = person('ada')
  await page.goto('/')
  const backend: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/'))
      backend.push(new URL(request.url()).pathname)
  })
  const requests = vendorRequests(page, playground.sandbox.vendor.url)
  const address = await continueWith(page, 'Apple', sub)
  // The backend checked the token, made the account and logged the session key in under its profile;
  // the page read the key back under the profile, then the account.
  expect(backend).toEqual(['/api/oidc-login'])
  expect(requests).toEqual(['query/get_api_keys', 'query/list_wallet_accounts'])

  const eve = person('eve')
  const second = await freshProfile(browser, '/')
  try {
    expect(await continueWith(second.page, 'Apple', sub)).toBe(address)
    // A stranger's provider account opens a wallet of its own, never this one.
    await second.page.getByRole('button', { name: 'Disconnect' }).click()
    const stranger = await continueWith(second.page, 'Apple', eve)
    expect(stranger).not.toBe(address)
  } finally {
    await second.close()
  }
  // Nor does it add a passkey to this one: picked at the provider while
  // adding one, it opens its own wallet, and its one-time key goes unused.
  const add = page.getByRole('region', { name: 'Add a passkey' })
  await signInWindow(page, 'Confirm with Apple', eve)
  await expect(add.getByRole('alert')).toHaveText(
    'This account signs in to another wallet than the one connected.',
  )
  await expect(add.getByRole('button', { name: 'Create passkey' })).toHaveCount(
    0,
  )
  await expect(page.getByTestId('address')).toHaveText(address)
})

/** Signs in as `sub` in the provider's window that `button` opens, until the window closes. */
async function signInWindow(page: Page, button: string, sub: string) {
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: button }).click()
  const signIn = await opened
  await signIn.getByLabel('Someone else').fill(sub)
  const closed = signIn.waitForEvent('close')
  await signIn.getByRole('button', { name: 'Sign in as this person' }).click()
  await closed
}

test('sign up with Google, add a passkey; lose it, recover with Google: the same address, signed for by the new passkey', async ({
  page,
}) => {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const ida = person('ida')
  const address = (await continueWith(page, 'Google', ida)) as Address
  // No passkey yet: the page says what the account cannot do until it has one.
  const add = page.getByRole('region', { name: 'Add a passkey' })
  await expect(add).toContainText(
    'Your wallet has no passkey yet. Until it has one you can send transactions, but not sign messages or export your keys.',
  )
  expect(await authenticator.credentials()).toEqual([])
  await signInWindow(page, 'Confirm with Google', ida)
  await add.getByRole('button', { name: 'Create passkey' }).click()
  await expect(add.getByRole('status')).toHaveText(
    'Passkey added: it signs messages and exports from now on.',
  )
  expect(await authenticator.credentials()).toHaveLength(1)
  await expectSigningAs(page, address)

  // The device is lost: no passkey, nothing stored. Google brings the wallet back.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await authenticator.clearCredentials()
  const recovery = page.getByRole('region', { name: 'Recover your wallet' })
  // A stranger's provider account recovers nothing: none of its own, and never ida's.
  await signInWindow(page, 'Recover with Google', person('eve'))
  await expect(recovery.getByRole('alert')).toHaveText(
    'No wallet signs in with this account.',
  )
  await signInWindow(page, 'Recover with Google', ida)
  await expect(recovery.getByRole('status')).toHaveText(
    'Signed in with Google. Create a new passkey for this device.',
  )
  await recovery.getByRole('button', { name: 'Create new passkey' }).click()
  await recovery
    .getByRole('button', { name: 'Sign in with new passkey' })
    .click()
  await expectSigningAs(page, address)
  expect(await authenticator.credentials()).toHaveLength(1)
})

test('a passkey account links Google, logs in with it on a second profile; unlinking asks for the passkey', async ({
  page,
  browser,
}) => {
  const grace = person('grace')
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, 'grace')
  const methods = page.getByRole('region', { name: 'Sign-in methods' })
  const assertions = async () =>
    (await authenticator.credentials())[0]!.signCount
  const stamps: Record<string, string[]> = {}
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (!path.startsWith('/public/v1/submit/')) return
    const headers = request.headers()
    stamps[path.replace('/public/v1/submit/', '')] = Object.keys(
      headers,
    ).filter((name) => name.startsWith('x-stamp'))
  })

  const beforeLink = await assertions()
  await signInWindow(page, 'Link Google', grace)
  await expect(
    methods.getByRole('list', { name: 'Linked accounts' }),
  ).toContainText('Google')
  // The provider signed the person in; the passkey (one assertion) authorised the link.
  expect(await assertions()).toBe(beforeLink + 1)
  expect(stamps.create_oauth_providers).toEqual(['x-stamp-webauthn'])

  const second = await freshProfile(browser, '/')
  try {
    expect(await continueWith(second.page, 'Google', grace)).toBe(address)
  } finally {
    await second.close()
  }

  const beforeUnlink = await assertions()
  await methods.getByRole('button', { name: 'Unlink Google' }).click()
  await expect(
    methods.getByRole('list', { name: 'Linked accounts' }),
  ).toContainText('No provider account is linked.')
  // The passkey authorised the unlink; it also answered whose account this is, as the second
  // profile's log-in had ended this page's session key (session.endOthersOnLogIn).
  expect(await assertions()).toBe(beforeUnlink + 2)
  expect(stamps.delete_oauth_providers).toEqual(['x-stamp-webauthn'])
})

/** A real ID token of the sandbox's provider for `clientId`, whose nonce names a key of nobody's. */
const tokenForAnotherKey = (issuer: string, clientId: string, sub: string) =>
  signInWithProvider({
    issuer,
    clientId,
    sub,
    nonce: 'f'.repeat(64),
  }).then(({ idToken }) => idToken)

// One page for every case, as a person who tries again: each refused, nothing kept, the next one refused afresh.
test('an ID token that does not hold is refused with a typed error, and nothing is kept: replayed, another app’s, another issuer’s, expired, forged', async ({
  page,
}) => {
  const cases: [
    string,
    (token: string, issuer: string, sub: string) => Promise<string>,
    string,
  ][] = [
    [
      'issued for another key (a replayed or stolen one)',
      (_, issuer, sub) =>
        tokenForAnotherKey(
          issuer,
          'sandbox-google-client.apps.googleusercontent.com',
          sub,
        ),
      'The provider’s answer could not be used to sign you in.',
    ],
    [
      'for another app (aud)',
      async (token) => withClaims(token, { aud: 'com.example.sandbox.apple' }),
      'The provider’s answer could not be used to sign you in.',
    ],
    [
      'of another issuer',
      async (token) => withClaims(token, { iss: 'https://accounts.example' }),
      'The provider’s answer could not be used to sign you in.',
    ],
    [
      'expired',
      async (token) => withClaims(token, { exp: 1_600_000_000 }),
      'The provider’s answer could not be used to sign you in.',
    ],
    [
      'whose signature is not the issuer’s (claims changed)',
      async (token) => withClaims(token, { sub: 'someone-else' }),
      "The app's server could not sign you in. The ID token's signature is not its issuer's",
    ],
  ]
  const backend: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/oidc-login')
      backend.push(request.url())
  })
  // The provider's answer, with its ID token replaced by the case's on its
  // way back to the page: the sign-in's post followed here, on the browser's
  // cookies, to the redirect that leaves the provider. (The context's routes
  // see a popup's requests; a redirect's target is not routed.) One route for
  // every case: a route removed while the page sends its next request may
  // hide that request from the test.
  let attempt: { replace: (typeof cases)[number][1]; sub: string }
  await page.context().route('**/interaction/**', async (route) => {
    const issuer = new URL(route.request().url()).origin
    let response = await route.fetch({ maxRedirects: 0 })
    let back = new URL(response.headers().location!, issuer)
    while (back.origin === issuer) {
      response = await page
        .context()
        .request.get(back.href, { maxRedirects: 0 })
      back = new URL(response.headers().location!, issuer)
    }
    const answer = new URLSearchParams(back.hash.slice(1))
    answer.set(
      'id_token',
      await attempt.replace(answer.get('id_token')!, issuer, attempt.sub),
    )
    back.hash = answer.toString()
    await route.fulfill({ status: 303, headers: { location: back.href } })
  })
  await page.goto('/')
  for (const [name, replace, says] of cases)
    await test.step(name, async () => {
      backend.length = 0
      attempt = { replace, sub: person('mallory') }
      // Each attempt signs in afresh at the provider: the answer is followed
      // above outside the window, which a provider session of the last
      // attempt would hold up.
      await page.context().clearCookies()
      const opened = page.waitForEvent('popup')
      await page.getByRole('button', { name: 'Continue with Google' }).click()
      const signIn = await opened
      const closed = signIn.waitForEvent('close')
      await signIn.getByLabel('Someone else').fill(attempt.sub)
      await signIn
        .getByRole('button', { name: 'Sign in as this person' })
        .click()
      await closed
      await expect(playgroundAlert(page)).toContainText(says)
      await expect(page.getByTestId('status')).toHaveText('disconnected')
      expect(await storedWallet(page)).toEqual([])
      // Refused in the page before it was sent, but for the signature, which
      // the backend checks (its request's event may reach the test after the alert).
      await expect
        .poll(() => backend.length)
        .toBe(says.startsWith('The app') ? 1 : 0)
      await page.reload()
      await expect(page.getByTestId('status')).toHaveText('disconnected')
    })
})
