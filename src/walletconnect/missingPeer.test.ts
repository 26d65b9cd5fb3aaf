import { createConfig, ProviderNotFoundError } from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { expect, it, vi } from 'vitest'
import { walletConnectDeepLink } from './walletConnectDeepLink.js'

// A host that did not install the optional peer.
vi.mock('@walletconnect/sign-client', () => {
  throw new Error("Cannot find package '@walletconnect/sign-client'")
})

it('without the optional peer, connect() fails with wagmi’s ProviderNotFoundError saying what to install', async () => {
  const config = createConfig({
    chains: [mainnet],
    connectors: [walletConnectDeepLink({ projectId: 'p' })],
    storage: null,
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
  })
  const error = await config.connectors[0]!.connect().catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ProviderNotFoundError)
  expect(error).toMatchObject({
    code: 'provider_not_found',
    shortMessage: 'No provider found',
  })
  expect((error as Error).message).toContain(
    'npm install @walletconnect/sign-client@">=2.21.8 <3"',
  )
})
