import { createConfig, ProviderNotFoundError } from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { expect, it, vi } from 'vitest'
import { walletConnectDeepLink } from './walletConnectDeepLink.js'

// A host that did not install the optional peer.
vi.mock('@walletconnect/sign-client', () => {
  throw new Error("Cannot find package '@walletconnect/sign-client'")
})

/** The connector, in a host's config, with these options. */
const connectorWith = (projectId: string) =>
  createConfig({
    chains: [mainnet],
    connectors: [walletConnectDeepLink({ projectId })],
    storage: null,
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
  }).connectors[0]!

it('without the optional peer, connect() fails with wagmi’s ProviderNotFoundError saying what to install', async () => {
  const error = await connectorWith('p')
    .connect()
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ProviderNotFoundError)
  expect(error).toMatchObject({
    code: 'provider_not_found',
    shortMessage: 'No provider found',
  })
  expect((error as Error).message).toContain(
    'npm install @walletconnect/sign-client@">=2.21.8 <3"',
  )
})

it('without the optional peer, a bad option is still what connect() names', async () => {
  await expect(connectorWith('').connect()).rejects.toMatchObject({
    name: 'InvalidWalletConnectParameterError',
    shortMessage:
      'walletConnectDeepLink: `projectId` must be your WalletConnect project id.',
  })
})
