import { mainnet, optimism, sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import {
  ChainNotConfiguredError,
  configuredChain,
  isConfiguredChain,
} from './chains.js'

const chains = [mainnet, optimism] as const

describe('configuredChain', () => {
  it('gives the chain of the config with that id', () => {
    expect(configuredChain(chains, optimism.id)).toBe(optimism)
    expect(configuredChain(chains, mainnet.id)).toBe(mainnet)
  })

  it('refuses a chain the config lacks with the typed error naming it', () => {
    let thrown: unknown
    try {
      configuredChain(chains, sepolia.id)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ChainNotConfiguredError)
    expect(thrown).toMatchObject({
      code: 'chain_not_configured',
      details: `chain id ${sepolia.id}`,
    })
  })
})

describe('isConfiguredChain', () => {
  it('says whether the config lists the chain, and throws nothing', () => {
    expect(isConfiguredChain(chains, optimism.id)).toBe(true)
    expect(isConfiguredChain(chains, sepolia.id)).toBe(false)
    expect(isConfiguredChain([], mainnet.id)).toBe(false)
  })
})
