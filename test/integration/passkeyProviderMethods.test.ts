import { connect, disconnect, getChainId, http } from '@wagmi/core'
import {
  type BaseError,
  createPublicClient,
  createTestClient,
  type Hex,
  InvalidAddressError,
  numberToHex,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  stringToHex,
  UnsupportedProviderMethodError,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { ChainNotConfiguredError } from '../../src/core/chains.js'
import { RequestRefusedError } from '../../src/core/connectionErrors.js'
import { TransactionNotSentError } from '../../src/passkey/errors.js'
import type { PasskeyProvider } from '../../src/passkey/passkeyWallet.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { vendorActivities } from '../helpers/sandboxSwitches.js'
import { signUp } from '../helpers/vendorUsers.js'

/*
 * The optional methods of the embedded wallet, each asked through
 * passkeyWallet's EIP-1193 provider (connector.getProvider()) as a dapp
 * library would, against the sandbox: the Turnkey emulator holds the key and
 * signs, anvil's two chains (1 and 8453) read, fill and mine. The user signed
 * up with the host backend; the connector logs in with their passkey (a
 * software authenticator behind navigator.credentials.get).
 */

const [mainnet, base] = sandboxChains(inject('sandbox').rpcUrls)
const unconfiguredChainId = 10

let vendor: Vendor
let address: Hex
let provider: PasskeyProvider
let config: ReturnType<typeof passkeyHostConfig>

const publicClient = (chain: typeof mainnet | typeof base) =>
  createPublicClient({ chain, transport: http() })

beforeAll(async () => {
  vendor = await startVendor({ chains: inject('sandbox').rpcUrls })
  const user = await signUp(vendor, `methods${Date.now()}`)
  address = user.address
  // Gas for the account on both chains (anvil's own cheat code: no dev account's nonce is shared).
  for (const chain of [mainnet, base])
    await createTestClient({
      chain,
      mode: 'anvil',
      transport: http(),
    }).setBalance({ address, value: parseEther('10') })
  stubWebauthn(() => user.passkey)
  config = passkeyHostConfig(vendor, [mainnet, base])
  const connector = config.connectors[0]!
  const connected = await connect(config, { connector })
  expect(connected.accounts[0]?.toLowerCase()).toBe(address.toLowerCase())
  expect(connected.chainId).toBe(mainnet.id)
  // One passkey prompt opened the session; its key signs everything below.
  expect(user.passkey.counter).toBe(1)
  provider = (await connector.getProvider()) as PasskeyProvider
})

afterAll(async () => {
  if (config) await disconnect(config).catch(() => undefined)
  vi.unstubAllGlobals()
  await vendor?.stop()
})

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Methods', version: '1', chainId: 1 },
  message: {
    from: '0x0000000000000000000000000000000000000001',
    contents: 'Hello from the sandbox',
  },
} as const

describe('passkeyWallet’s provider answers each optional method', () => {
  it('eth_chainId: the connected chain, 1', async () => {
    expect(await provider.request({ method: 'eth_chainId' })).toBe(
      numberToHex(mainnet.id),
    )
  })

  it('personal_sign: an EIP-191 signature that recovers to the account', async () => {
    const message = 'Sign in to the sandbox'
    const signature = await provider.request({
      method: 'personal_sign',
      params: [stringToHex(message), address],
    })
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  it('eth_sign: the same EIP-191 signature, arguments the other way round', async () => {
    const raw = stringToHex('eth_sign in the sandbox')
    const signature = await provider.request({
      method: 'eth_sign',
      params: [address, raw],
    })
    expect(await verifyMessage({ address, message: { raw }, signature })).toBe(
      true,
    )
  })

  it('eth_signTypedData_v4: an EIP-712 signature that recovers to the account', async () => {
    const signature = await provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    // Dapps send EIP712Domain among the types; viem derives it from the domain.
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({ address, ...typedData, types, signature }),
    ).toBe(true)
  })

  it('eth_signTypedData (v1, legacy typed data): refused with 4200 naming eth_signTypedData_v4', async () => {
    const error = await provider
      .request({
        method: 'eth_signTypedData',
        params: [[{ type: 'string', name: 'message', value: 'hi' }], address],
      } as never)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
    expect(error).toMatchObject({ code: 4200 })
    const cause = (error as BaseError).walk(
      (e) => e instanceof RequestRefusedError,
    )
    expect(cause).toBeInstanceOf(RequestRefusedError)
    expect((error as BaseError).message).toContain('eth_signTypedData_v4')
  })

  it('eth_signTransaction: a filled, signed transaction for the current chain from the account, not sent', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const serializedTransaction = await provider.request({
      method: 'eth_signTransaction',
      params: [{ from: address, to: recipient, value: numberToHex(1000n) }],
    })
    expect(await recoverTransactionAddress({ serializedTransaction })).toBe(
      address,
    )
    const transaction = parseTransaction(serializedTransaction)
    expect(transaction).toMatchObject({
      chainId: mainnet.id,
      to: recipient.toLowerCase(),
      value: 1000n,
    })
    // Signed only: nothing reached the chain.
    expect(await publicClient(mainnet).getBalance({ address: recipient })).toBe(
      0n,
    )
  })

  it('eth_sendTransaction: a hash whose receipt is success, from the account', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        { from: address, to: recipient, value: numberToHex(parseEther('0.5')) },
      ],
    })
    const receipt = await publicClient(mainnet).waitForTransactionReceipt({
      hash,
      pollingInterval: 100,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(address.toLowerCase())
    expect(await publicClient(mainnet).getBalance({ address: recipient })).toBe(
      parseEther('0.5'),
    )
  })

  it('eth_sendTransaction the vendor will not send (more than the account holds): TransactionNotSentError with its reason, and nothing sent', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const nonce = await publicClient(mainnet).getTransactionCount({ address })
    const refused = await provider
      .request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: address,
            to: recipient,
            value: numberToHex(parseEther('1000')),
          },
        ],
      })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TransactionNotSentError)
    expect((refused as TransactionNotSentError).details).toMatch(
      /exceeds the balance/,
    )
    expect(await publicClient(mainnet).getTransactionCount({ address })).toBe(
      nonce,
    )
    expect(await publicClient(mainnet).getBalance({ address: recipient })).toBe(
      0n,
    )
  })

  it('a mixed-case address with a wrong EIP-55 checksum: InvalidAddressError before any vendor request, for a transaction and a batch', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const wrongCase = `0x${[...recipient.slice(2)]
      .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
      .join('')}` as Hex
    const before = (await vendorActivities(vendor.url)).length
    for (const request of [
      {
        method: 'eth_sendTransaction',
        params: [{ from: address, to: wrongCase, value: '0x1' }],
      },
      {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: numberToHex(mainnet.id),
            atomicRequired: true,
            calls: [{ to: wrongCase, value: '0x1' }],
          },
        ],
      },
    ] as const) {
      const refused = await provider
        .request(request as never)
        .catch((error: unknown) => error)
      expect(refused, request.method).toBeInstanceOf(InvalidAddressError)
    }
    expect((await vendorActivities(vendor.url)).length).toBe(before)
  })

  it('wallet_addEthereumChain: null for a configured chain; 4902 (ChainNotConfiguredError) for any other', async () => {
    expect(
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: numberToHex(base.id),
            chainName: base.name,
            nativeCurrency: base.nativeCurrency,
            rpcUrls: [...base.rpcUrls.default.http],
          },
        ],
      }),
    ).toBeNull()
    // Adding changes nothing: the wallet stays where it was.
    expect(await provider.request({ method: 'eth_chainId' })).toBe(
      numberToHex(mainnet.id),
    )

    const error = await provider
      .request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: numberToHex(unconfiguredChainId),
            chainName: 'OP Mainnet',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: ['https://mainnet.optimism.io'],
          },
        ],
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 4902,
      shortMessage: 'Could not find network mapping for chain',
    })
    expect(
      (error as BaseError).walk((e) => e instanceof ChainNotConfiguredError),
    ).toBeInstanceOf(ChainNotConfiguredError)
  })

  it('wallet_switchEthereumChain: null, then eth_chainId, wagmi and new transactions are on 8453', async () => {
    expect(
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: numberToHex(base.id) }],
      }),
    ).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe(
      numberToHex(base.id),
    )
    expect(getChainId(config)).toBe(base.id)
    const serializedTransaction = await provider.request({
      method: 'eth_signTransaction',
      params: [{ from: address, to: address, value: '0x1' }],
    })
    expect(parseTransaction(serializedTransaction).chainId).toBe(base.id)
    expect(await recoverTransactionAddress({ serializedTransaction })).toBe(
      address,
    )

    // An unconfigured chain: 4902, and the wallet stays on 8453.
    await expect(
      provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: numberToHex(unconfiguredChainId) }],
      }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe(
      numberToHex(base.id),
    )
  })
})
