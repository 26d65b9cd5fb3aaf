import {
  connect,
  disconnect,
  reconnect,
  sendTransaction,
  signMessage,
  writeContract,
} from '@wagmi/core'
import { IDBFactory } from 'fake-indexeddb'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  recoverMessageAddress,
  serializeTransaction,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hashAuthorization } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { deployTestToken } from '../../sandbox/contracts/deployTestToken.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { setGasUsageConfig } from '../../sandbox/turnkey/gasUsageConfig.js'
import { signingSessionScope } from '../../sandbox/turnkey/signingSessionProfile.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { createPasskeyBackend, sessionScope } from '../../src/exports/server.js'
import { SessionProfileMismatchError } from '../../src/passkey/errors.js'
import type { PasskeyWalletParameters } from '../../src/passkey/passkeyWallet.js'
import { sessionKeyStore } from '../../src/passkey/sessionKeyStore.js'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import { VendorRequestError } from '../../src/turnkey/errors.js'
import { createSessionStamper } from '../../src/turnkey/stampers.js'
import { sandboxBackendOptions } from '../helpers/hostBackend.js'
import { memoryStorage } from '../helpers/memoryStorage.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { vendorActivities } from '../helpers/sandboxSwitches.js'
import { sponsoredSendAsScript } from '../helpers/sponsoredSendAsScript.js'
import { backendClient, signUp } from '../helpers/vendorUsers.js'

/*
 * A session key issued under a vendor session profile signs what the
 * profile's scope allows and nothing else: the vendor itself refuses the
 * rest, and the connector asks the passkey for that one request.
 */

const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
let vendor: Vendor
let signingProfileId: string

beforeAll(async () => {
  vendor = await startVendor({ chains: inject('sandbox').rpcUrls })
  vi.stubGlobal('indexedDB', new IDBFactory())
  ;({ sessionProfileId: signingProfileId } =
    await backendOf(vendor).createSessionProfile())
})
afterAll(async () => {
  vi.unstubAllGlobals()
  await vendor.stop()
})

function backendOf(sandbox: Vendor) {
  return createPasskeyBackend({
    ...sandboxBackendOptions(sandbox),
    appName: 'Profile test',
  })
}

/** A user logged in through passkeyWallet with `session`, with gas on chain 1, counting passkey prompts. */
async function loggedIn(
  name: string,
  session: PasskeyWalletParameters['session'],
) {
  const user = await signUp(vendor, `${name}${Date.now()}`)
  await createTestClient({
    chain: mainnet!,
    mode: 'anvil',
    transport: http(),
  }).setBalance({ address: user.address, value: parseEther('10') })
  let prompts = 0
  stubWebauthn(() => {
    prompts++
    return user.passkey
  })
  const host = memoryStorage('host')
  const config = passkeyHostConfig(
    vendor,
    [mainnet!],
    { session },
    host.storage,
  )
  await connect(config, { connector: config.connectors[0]! })
  const storeKey = `${host.storage.key}.passkeyWallet`
  const key = await sessionKeyStore.get(storeKey)
  return { user, config, key, storeKey, host, prompts: () => prompts }
}

/** Logged in under `profileId`: one prompt opened the session, whose key the page keeps. */
async function loggedInUnder(name: string, profileId: string) {
  const logged = await loggedIn(name, { profileId })
  expect(logged.prompts()).toBe(1)
  return { ...logged, key: logged.key! }
}

/** The user's session keys the vendor lists (log-in credentials). */
const loginKeysOf = async (user: { organizationId: string; userId: string }) =>
  (
    await backendClient(vendor).getApiKeys({
      organizationId: user.organizationId,
      userId: user.userId,
    })
  ).apiKeys.filter(
    ({ credential }) => credential.type === 'CREDENTIAL_TYPE_LOGIN',
  )

const transfer = (config: ReturnType<typeof passkeyHostConfig>, to: Hex) =>
  sendTransaction(config, { to, value: parseEther('0.01') })

describe('session profiles', () => {
  it('the pack’s default scope is the one the sandbox gives its signing profile', () => {
    expect(sessionScope()).toBe(signingSessionScope)
  })

  it('the session key sends transactions without a prompt; a message asks the passkey; the vendor refuses the key every signature it could keep, and every credential, user, policy and export activity', async () => {
    const { user, config, key, prompts } = await loggedInUnder(
      'scoped',
      signingProfileId,
    )
    const sent = await transfer(
      config,
      privateKeyToAccount(generatePrivateKey()).address,
    )
    expect(sent).toMatch(/^0x[0-9a-f]{64}$/)
    expect(prompts()).toBe(1)
    // The vendor broadcast it: the key never held a signed transaction.
    expect(
      (
        await createPublicClient({
          chain: mainnet!,
          transport: http(),
          pollingInterval: 100,
        }).waitForTransactionReceipt({ hash: sent })
      ).status,
    ).toBe('success')
    await signMessage(config, { message: 'under a profile' })
    expect(prompts()).toBe(2)

    // What a script holding the key could try, each refused by the vendor itself.
    const asKey = createVendorClient({ baseUrl: vendor.url })
    const stamper = createSessionStamper(key)
    const { organizationId, userId } = user
    const { wallets } = await backendClient(vendor).getWallets({
      organizationId,
    })
    const refusals = await Promise.all(
      (
        [
          [
            // An EIP-7702 authorization for every chain, as a digest: a lasting delegation.
            'sign_raw_payload',
            'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
            {
              signWith: user.address,
              payload: hashAuthorization({
                address: privateKeyToAccount(generatePrivateKey()).address,
                chainId: 0,
                nonce: 0,
              }),
              encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
              hashFunction: 'HASH_FUNCTION_NO_OP',
            },
          ],
          [
            // A signed transaction the page could send after the session.
            'sign_transaction',
            'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
            {
              signWith: user.address,
              type: 'TRANSACTION_TYPE_ETHEREUM',
              unsignedTransaction: serializeTransaction({
                chainId: 1,
                nonce: 5,
                to: user.address,
                maxFeePerGas: 1n,
                maxPriorityFeePerGas: 1n,
                gas: 21_000n,
              }).slice(2),
            },
          ],
          [
            'create_api_keys',
            'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
            {
              userId,
              apiKeys: [
                {
                  apiKeyName: 'a script’s',
                  publicKey: key.publicKey,
                  curveType: 'API_KEY_CURVE_P256',
                },
              ],
            },
          ],
          [
            'create_authenticators',
            'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
            { userId, authenticators: [] },
          ],
          [
            'update_user',
            'ACTIVITY_TYPE_UPDATE_USER',
            { userId, userEmail: 'script@example.com', userTagIds: [] },
          ],
          [
            'export_wallet',
            'ACTIVITY_TYPE_EXPORT_WALLET',
            {
              walletId: wallets[0]!.walletId,
              targetPublicKey: `04${'ab'.repeat(64)}`,
            },
          ],
          [
            'create_policy',
            'ACTIVITY_TYPE_CREATE_POLICY_V3',
            {
              policyName: 'a script’s',
              effect: 'EFFECT_ALLOW',
              condition: 'true',
              consensus: 'true',
              notes: '',
            },
          ],
        ] as const
      ).map(([name, type, parameters]) =>
        asKey
          .submit(
            name,
            { type, organizationId, parameters, resultKey: 'none' },
            stamper,
          )
          .then(
            () => `${name}: done`,
            (error: unknown) =>
              error instanceof VendorRequestError
                ? `${name}: ${error.status}`
                : `${name}: ${String(error)}`,
          ),
      ),
    )
    expect(refusals).toEqual([
      'sign_raw_payload: 403',
      'sign_transaction: 403',
      'create_api_keys: 403',
      'create_authenticators: 403',
      'update_user: 403',
      'export_wallet: 403',
      // The sandbox does not serve policies at all: it refuses the path before any stamp.
      'create_policy: 501',
    ])
    await disconnect(config)
  })

  it('a narrower profile: a transfer inside it signs alone; one outside is refused to the key and signed after one passkey prompt', async () => {
    const allowed = privateKeyToAccount(generatePrivateKey()).address
    const other = privateKeyToAccount(generatePrivateKey()).address
    const { sessionProfileId } = await backendOf(vendor).createSessionProfile({
      name: 'Transfers to one address',
      scope: sessionScope({
        to: [allowed],
        maxValue: parseEther('1'),
        chainIds: [mainnet!.id],
      }),
    })
    const { config, prompts, storeKey } = await loggedInUnder(
      'narrow',
      sessionProfileId,
    )
    const chain = createPublicClient({
      chain: mainnet!,
      transport: http(),
      pollingInterval: 100,
    })

    await transfer(config, allowed)
    expect(prompts()).toBe(1)
    const outside = await transfer(config, other)
    expect(prompts()).toBe(2)
    expect(
      (await chain.waitForTransactionReceipt({ hash: outside })).status,
    ).toBe('success')
    expect(await chain.getBalance({ address: other })).toBe(parseEther('0.01'))
    // The session goes on: the next transfer inside the scope asks nothing.
    await transfer(config, allowed)
    expect(prompts()).toBe(2)
    // Its scope does not let it delete itself: the page drops it, with no prompt, and keeps nothing to retry.
    await disconnect(config)
    expect(prompts()).toBe(2)
    expect(await sessionKeyStore.revoking(storeKey)).toEqual([])
    expect(await sessionKeyStore.get(storeKey)).toBeUndefined()
  })

  it('a profile the user pays under: the pack’s sends go alone, and a page script holding the key cannot have the Gas Station pay', async () => {
    // The Gas Station is on at the vendor: only the scope stands between a script and the sponsor.
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '10',
      windowDurationMinutes: '60',
      enabled: true,
    })
    const { sessionProfileId } = await backendOf(vendor).createSessionProfile({
      name: 'Sends the user pays',
      scope: sessionScope({ sponsor: false }),
    })
    const { config, user, key, prompts } = await loggedInUnder(
      'unsponsored',
      sessionProfileId,
    )
    const chain = createPublicClient({
      chain: mainnet!,
      transport: http(),
      pollingInterval: 100,
    })
    const sent = await transfer(
      config,
      privateKeyToAccount(generatePrivateKey()).address,
    )
    expect((await chain.waitForTransactionReceipt({ hash: sent })).from).toBe(
      user.address.toLowerCase(),
    )
    expect(prompts()).toBe(1)
    // The script's own request, with the stored key: the vendor refuses it.
    const sponsored = await sponsoredSendAsScript({
      vendorUrl: vendor.url,
      user,
      key,
      chainId: mainnet!.id,
      calls: [{ to: user.address, value: '0' }],
    })
    expect(sponsored).toBeInstanceOf(VendorRequestError)
    expect((sponsored as VendorRequestError).status).toBe(403)
    const sends = (
      await vendorActivities(
        vendor.url,
        'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
      )
    ).filter((activity) => activity.organizationId === user.organizationId)
    expect(
      sends.map(
        (activity) => activity.intent.ethSendTransactionIntentV2?.sponsor,
      ),
    ).toEqual([false])
    await disconnect(config)
  })

  it('a device holding two accounts’ passkeys: after the log-in, every prompt asks for the passkey the user connected with', async () => {
    const ada = await signUp(vendor, `ada${Date.now()}`)
    const bea = await signUp(vendor, `bea${Date.now()}`)
    const offered: (readonly string[])[] = []
    // She picks Ada's at the log-in; offered the choice again, she would tap Bea's.
    let pick = ada.passkey
    stubWebauthn((allowed) => {
      offered.push(allowed)
      const chosen =
        allowed.length > 0
          ? [ada.passkey, bea.passkey].find((passkey) =>
              allowed.includes(passkey.credentialId),
            )!
          : pick
      pick = bea.passkey
      return chosen
    })
    const host = memoryStorage('host')
    const config = passkeyHostConfig(
      vendor,
      [mainnet!],
      { session: { profileId: signingProfileId } },
      host.storage,
    )
    const { accounts } = await connect(config, {
      connector: config.connectors[0]!,
    })
    expect(accounts).toEqual([ada.address])
    const signature = await signMessage(config, { message: 'mine' })
    expect(await recoverMessageAddress({ message: 'mine', signature })).toBe(
      ada.address,
    )
    // The log-in offered every passkey of the site; the message, Ada's alone.
    expect(offered).toEqual([[], [ada.passkey.credentialId]])
    await disconnect(config)
  })

  it('a profile bounding the calls: the token’s transfer is sent alone; its approve, outside, asks the passkey once', async () => {
    const funder = devAccount(8)
    const token = await deployTestToken({ chain: mainnet!, account: funder })
    const { config, user, prompts } = await loggedInUnder(
      'calls',
      (
        await backendOf(vendor).createSessionProfile({
          name: 'Token transfers only',
          scope: sessionScope({
            to: [token],
            functions: ['transfer(address,uint256)'],
          }),
        })
      ).sessionProfileId,
    )
    const chain = createPublicClient({
      chain: mainnet!,
      transport: http(),
      pollingInterval: 100,
    })
    await chain.waitForTransactionReceipt({
      hash: await createWalletClient({
        account: funder,
        chain: mainnet!,
        transport: http(),
      }).writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [user.address, 100n],
      }),
    })
    const other = privateKeyToAccount(generatePrivateKey()).address
    const sent = await writeContract(config, {
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [other, 5n],
    })
    expect((await chain.waitForTransactionReceipt({ hash: sent })).status).toBe(
      'success',
    )
    expect(prompts()).toBe(1)
    const approved = await writeContract(config, {
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [other, 5n],
    })
    expect(
      (await chain.waitForTransactionReceipt({ hash: approved })).status,
    ).toBe('success')
    expect(prompts()).toBe(2)
    expect(
      await chain.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user.address, other],
      }),
    ).toBe(5n)
    await disconnect(config)
  })

  it('the vendor lists the key under its profile; a reload under another profile revokes the kept key before it signs', async () => {
    const { user, key, storeKey, host, prompts } = await loggedInUnder(
      'listed',
      signingProfileId,
    )
    const listed = async () =>
      (await loginKeysOf(user)).find(
        (apiKey) => apiKey.credential.publicKey === key.publicKey,
      )
    expect((await listed())?.credential.sessionProfileId).toBe(signingProfileId)
    expect((await sessionKeyStore.get(storeKey))?.sessionProfileId).toBe(
      signingProfileId,
    )

    // The host moved to another profile: the key of the old one ends at the next load.
    const { sessionProfileId: other } = await backendOf(
      vendor,
    ).createSessionProfile({ name: 'Another profile' })
    const reloaded = passkeyHostConfig(
      vendor,
      [mainnet!],
      { session: { profileId: other } },
      host.storage,
    )
    await reconnect(reloaded)
    expect(await sessionKeyStore.get(storeKey)).toBeUndefined()
    await expect.poll(listed).toBeUndefined()
    expect(prompts()).toBe(1)
    await disconnect(reloaded)
  })

  it('a key the vendor does not list under the profile asked for is revoked, and the log-in fails with SessionProfileMismatchError', async () => {
    const user = await signUp(vendor, `mismatch${Date.now()}`)
    stubWebauthn(() => user.passkey)
    // The vendor's list as a vendor that ignored the profile would answer it.
    const send = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      async (input: RequestInfo | URL, init?: RequestInit) => {
        const answer = await send(input, init)
        if (!String(input).endsWith('/public/v1/query/get_api_keys'))
          return answer
        const body = (await answer.json()) as {
          apiKeys: { credential: { sessionProfileId?: string } }[]
        }
        for (const { credential } of body.apiKeys)
          delete credential.sessionProfileId
        return Response.json(body, { status: answer.status })
      },
    )
    const host = memoryStorage('host')
    const config = passkeyHostConfig(
      vendor,
      [mainnet!],
      { session: { profileId: signingProfileId } },
      host.storage,
    )
    const failed = await connect(config, {
      connector: config.connectors[0]!,
    }).catch((error: unknown) => error)
    vi.stubGlobal('fetch', send)
    expect(failed).toBeInstanceOf(SessionProfileMismatchError)
    expect((failed as SessionProfileMismatchError).details).toBe(
      `the vendor lists the key under no session profile, not session profile ${signingProfileId}`,
    )
    expect(
      await sessionKeyStore.get(`${host.storage.key}.passkeyWallet`),
    ).toBeUndefined()
    // Revoked at the vendor: the user has no session key left.
    await expect.poll(async () => (await loginKeysOf(user)).length).toBe(0)
  })

  it('without a profile there is no session key: each signature asks the passkey; a root key only by name', async () => {
    const plain = await loggedIn('noProfile', {})
    expect(await loginKeysOf(plain.user)).toEqual([])
    expect(await sessionKeyStore.get(plain.storeKey)).toBeUndefined()
    const before = plain.prompts()
    await signMessage(plain.config, { message: 'one' })
    await signMessage(plain.config, { message: 'two' })
    expect(plain.prompts()).toBe(before + 2)
    await disconnect(plain.config)

    const root = await loggedIn('rootKey', { unscopedRootKey: true })
    const [rootKey] = await loginKeysOf(root.user)
    expect(rootKey?.credential.sessionProfileId).toBeUndefined()
    expect((await sessionKeyStore.get(root.storeKey))?.publicKey).toBe(
      rootKey?.credential.publicKey,
    )
    const rootBefore = root.prompts()
    await signMessage(root.config, { message: 'silent' })
    expect(root.prompts()).toBe(rootBefore)

    // The page reloads without the root key option (as after an upgrade):
    // the kept root key is revoked as the wallet's code loads.
    const reloaded = passkeyHostConfig(
      vendor,
      [mainnet!],
      { session: {} },
      root.host.storage,
    )
    await reconnect(reloaded)
    expect(await sessionKeyStore.get(root.storeKey)).toBeUndefined()
    await expect.poll(async () => (await loginKeysOf(root.user)).length).toBe(0)
    await disconnect(reloaded)
  })
})
