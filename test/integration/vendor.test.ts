import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { TurnkeyClient } from '@turnkey/http'
import {
  createPublicClient,
  createWalletClient,
  hashMessage,
  hashTypedData,
  http,
  parseEther,
  recoverAddress,
  serializeTransaction,
  serializeTypedData,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import {
  generateApiKeyPair,
  startVendor,
  type Vendor,
} from '../../sandbox/turnkey/startVendor.js'
import {
  backendClient,
  ethereumAccount,
  parentStamper,
  signUp,
  toEthereumSignature,
} from '../helpers/vendorUsers.js'

let vendor: Vendor
let backend: ReturnType<typeof backendClient>

beforeAll(async () => {
  vendor = await startVendor()
  backend = backendClient(vendor)
})
afterAll(() => vendor.stop())

const now = () => String(vendor.clock.now())

describe('vendor emulator with the vendor clients', () => {
  it('creates a sub-organization whose passkey logs in through the parent', async () => {
    const user = await signUp(vendor, 'ada')
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // Log-in: the passkey asks "who am I" of the parent and learns its sub-org.
    const whoami = await user.client.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    expect(whoami).toEqual({
      organizationId: user.organizationId,
      organizationName: "ada's organization",
      userId: user.userId,
      username: 'ada',
    })
    const { accounts } = await user.client.getWalletAccounts({
      organizationId: user.organizationId,
    })
    expect(accounts).toEqual([
      expect.objectContaining({
        address: user.address,
        path: "m/44'/60'/0'/0/0",
        organizationId: user.organizationId,
      }),
    ])
    const { user: stored } = await user.client.getUser({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(stored.userEmail).toBe('ada@example.com')
    expect(stored.authenticators).toEqual([
      expect.objectContaining({
        credentialId: user.passkey.credentialId,
        transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'],
      }),
    ])
    expect(
      await backend.getSubOrgIds({
        filterType: 'EMAIL',
        filterValue: 'ada@example.com',
      }),
    ).toEqual({
      organizationIds: [user.organizationId],
    })
  })

  it('signs a personal message with the passkey that verifies against the wallet address', async () => {
    const user = await signUp(vendor, 'grace')
    const message = 'Sign in to the playground'
    const { activity } = await user.client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        signWith: user.address,
        payload: hashMessage(message),
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(activity.intent.signRawPayloadIntentV2?.signWith).toBe(user.address)
    const { r, s, v } = activity.result.signRawPayloadResult!
    expect(r).toMatch(/^[0-9a-f]{64}$/)
    expect(v === '00' || v === '01').toBe(true)
    const signature = toEthereumSignature({ r, s, v })
    expect(
      await verifyMessage({ address: user.address, message, signature }),
    ).toBe(true)
  })

  it('hashes EIP-712 typed data itself and signs it', async () => {
    const user = await signUp(vendor, 'hopper')
    const typedData = {
      domain: { name: 'Playground', version: '1', chainId: 8453n },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    const { activity } = await user.client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        signWith: user.address,
        payload: serializeTypedData(typedData),
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    const { r, s, v } = activity.result.signRawPayloadResult!
    expect(
      await recoverAddress({
        hash: hashTypedData(typedData),
        signature: toEthereumSignature({ r, s, v }),
      }),
    ).toBe(user.address)
  })

  it('signs a transaction that the sandbox chain accepts and mines', async () => {
    const user = await signUp(vendor, 'lovelace')
    const [, base] = sandboxChains(inject('sandbox').rpcUrls)
    const publicClient = createPublicClient({ chain: base, transport: http() })
    const funder = createWalletClient({
      account: devAccount(5),
      chain: base,
      transport: http(),
    })
    const funding = await funder.sendTransaction({
      to: user.address,
      value: parseEther('1'),
    })
    await publicClient.waitForTransactionReceipt({
      hash: funding,
      pollingInterval: 100,
    })

    const fees = await publicClient.estimateFeesPerGas()
    const unsigned = serializeTransaction({
      chainId: base.id,
      type: 'eip1559',
      to: devAccount(5).address,
      value: parseEther('0.1'),
      nonce: await publicClient.getTransactionCount({ address: user.address }),
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    })
    const { activity } = await user.client.signTransaction({
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        signWith: user.address,
        unsignedTransaction: unsigned.slice(2),
        type: 'TRANSACTION_TYPE_ETHEREUM',
      },
    })
    const signed = activity.result.signTransactionResult!.signedTransaction
    expect(signed).not.toMatch(/^0x/)
    const hash = await publicClient.sendRawTransaction({
      serializedTransaction: `0x${signed}`,
    })
    const receipt = await publicClient.waitForTransactionReceipt({
      hash,
      pollingInterval: 100,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(user.address.toLowerCase())
  })

  it('answers an identical body with the same activity', async () => {
    const client = new TurnkeyClient(
      { baseUrl: vendor.url },
      parentStamper(vendor),
    )
    const request = {
      type: 'ACTIVITY_TYPE_CREATE_USER_TAG' as const,
      timestampMs: now(),
      organizationId: vendor.parentOrganizationId,
      parameters: { userTagName: 'beta', userIds: [] },
    }
    const first = await client.createUserTag(request)
    const second = await client.createUserTag(request)
    expect(second.activity.id).toBe(first.activity.id)
    expect(second.activity.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/)
    const { organizationData } = await client.getOrganization({
      organizationId: vendor.parentOrganizationId,
    })
    expect(
      organizationData.tags?.filter((tag) => tag.tagName === 'beta'),
    ).toHaveLength(1)
  })

  it('lets a sub-org user add and remove an API key, then refuses it', async () => {
    const user = await signUp(vendor, 'noether')
    const pair = generateApiKeyPair()
    const { activity } = await user.client.createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        userId: user.userId,
        apiKeys: [
          {
            apiKeyName: 'laptop',
            publicKey: pair.publicKey,
            curveType: 'API_KEY_CURVE_P256',
          },
        ],
      },
    })
    const [apiKeyId] = activity.result.createApiKeysResult!.apiKeyIds
    const keyClient = new TurnkeyClient(
      { baseUrl: vendor.url },
      new ApiKeyStamper({
        apiPublicKey: pair.publicKey,
        apiPrivateKey: pair.privateKey,
      }),
    )
    expect(
      (await keyClient.getWhoami({ organizationId: user.organizationId }))
        .userId,
    ).toBe(user.userId)
    await keyClient.deleteApiKeys({
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: { userId: user.userId, apiKeyIds: [apiKeyId!] },
    })
    await expect(
      keyClient.getWhoami({ organizationId: user.organizationId }),
    ).rejects.toThrow(
      /could not find public key in organization or its parent organization/,
    )
  })

  it('creates more accounts in a wallet, derived along the path', async () => {
    const user = await signUp(vendor, 'hamilton')
    const { wallets } = await user.client.getWallets({
      organizationId: user.organizationId,
    })
    const { activity } = await user.client.createWalletAccounts({
      type: 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS',
      timestampMs: now(),
      organizationId: user.organizationId,
      parameters: {
        walletId: wallets[0]!.walletId,
        accounts: [{ ...ethereumAccount, path: "m/44'/60'/0'/0/1" }],
      },
    })
    const [second] = activity.result.createWalletAccountsResult!.addresses
    expect(second).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(second).not.toBe(user.address)
    const { accounts } = await user.client.getWalletAccounts({
      organizationId: user.organizationId,
    })
    expect(accounts.map((account) => account.path)).toEqual([
      "m/44'/60'/0'/0/0",
      "m/44'/60'/0'/0/1",
    ])
  })
})
