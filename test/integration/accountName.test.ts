import { createConfig, http } from '@wagmi/core'
import { createPublicClient, InvalidAddressError } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { base } from 'viem/chains'
import { toCoinType } from 'viem/ens'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import {
  sandboxAccountName,
  setAccountName,
  setNameResolverReverting,
} from '../../sandbox/contracts/nameResolver.js'
import { nameResolverAddress } from '../../sandbox/contracts/nameResolverAddress.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { accountNameChainId, getAccountName } from '../../src/exports/names.js'

const rpcUrls = inject('sandbox').rpcUrls
const [ethereum, sandboxBase] = sandboxChains(rpcUrls)

/** A host's wagmi config on the sandbox chains (Base with the sandbox's resolver). */
function hostConfig(chains: Parameters<typeof createConfig>[0]['chains']) {
  return createConfig({
    chains,
    transports: Object.fromEntries(
      chains.map((chain) => [chain.id, http(rpcUrls[chain.id as 1 | 8453])]),
    ),
    storage: null,
  })
}

describe('names on Base (the ENS lookup on chain 8453)', () => {
  afterEach(() => setNameResolverReverting(sandboxBase, false))

  it("gives an account's primary name, asked with viem's universal-resolver call and Base's coin type", async () => {
    const config = hostConfig([ethereum, sandboxBase])
    expect(accountNameChainId).toBe(8453)
    expect(
      await getAccountName(config, { address: devAccount(0).address }),
    ).toBe(sandboxAccountName)
    // The name is stored for ENSIP-19's Base coin type, not Ethereum's 60.
    const client = createPublicClient({ chain: sandboxBase, transport: http() })
    expect(
      await client.getEnsName({
        address: devAccount(0).address,
        coinType: 60n,
      }),
    ).toBeNull()
    expect(
      await client.getEnsName({
        address: devAccount(0).address,
        coinType: toCoinType(8453),
      }),
    ).toBe(sandboxAccountName)
  })

  it('names an account as soon as it is given a name, and forgets it when the name is removed', async () => {
    const config = hostConfig([ethereum, sandboxBase])
    const { address } = privateKeyToAccount(generatePrivateKey())
    expect(await getAccountName(config, { address })).toBeNull()
    await setAccountName(sandboxBase, address, 'ada.base.eth')
    expect(await getAccountName(config, { address })).toBe('ada.base.eth')
    await setAccountName(sandboxBase, address, '')
    expect(await getAccountName(config, { address })).toBeNull()
  })

  it('a reverting resolver gives no name and no error', async () => {
    const config = hostConfig([ethereum, sandboxBase])
    await setNameResolverReverting(sandboxBase, true)
    expect(
      await getAccountName(config, { address: devAccount(0).address }),
    ).toBeNull()
  })

  it('a config without chain 8453, or a Base chain with no resolver, gives no name and no error', async () => {
    expect(
      await getAccountName(hostConfig([ethereum]), {
        address: devAccount(0).address,
      }),
    ).toBeNull()
    // viem's own Base chain on the sandbox's node: no universal resolver there.
    const plainBase = {
      ...base,
      contracts: {},
      rpcUrls: { default: { http: [rpcUrls[8453]] } },
    }
    expect(
      await getAccountName(hostConfig([ethereum, plainBase]), {
        address: devAccount(0).address,
      }),
    ).toBeNull()
    // Given the resolver explicitly, the same chain names the account.
    expect(
      await getAccountName(hostConfig([ethereum, plainBase]), {
        address: devAccount(0).address,
        universalResolverAddress: nameResolverAddress,
      }),
    ).toBe(sandboxAccountName)
  })

  it('an argument that is not an address is viem’s InvalidAddressError', async () => {
    await expect(
      getAccountName(hostConfig([ethereum, sandboxBase]), {
        address: '0x1234' as never,
      }),
    ).rejects.toBeInstanceOf(InvalidAddressError)
  })
})
