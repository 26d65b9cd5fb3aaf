import { describe, expect, it } from 'vitest'
import { findMissingRequirements } from './requirements.js'

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const complete = {
  eip155: {
    chains: ['eip155:1', 'eip155:8453'],
    accounts: [`eip155:1:${address}`, `eip155:8453:${address}`],
    methods: ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4'],
    events: ['chainChanged', 'accountsChanged'],
  },
}

describe('findMissingRequirements', () => {
  it('accepts a session with the required methods, events and an account on a configured chain', () => {
    expect(findMissingRequirements(complete, [1, 8453])).toBeUndefined()
    // One configured chain is enough; the others can be switched to or not.
    expect(findMissingRequirements(complete, [8453, 10])).toBeUndefined()
  })

  it('names each method and event the wallet left out', () => {
    expect(
      findMissingRequirements(
        {
          eip155: {
            ...complete.eip155,
            methods: ['eth_sendTransaction'],
            events: ['accountsChanged'],
          },
        },
        [1],
      ),
    ).toEqual({
      methods: ['personal_sign'],
      events: ['chainChanged'],
      account: undefined,
    })
  })

  it('refuses a session without an eip155 account on a configured chain', () => {
    expect(findMissingRequirements(complete, [10])).toEqual({
      methods: [],
      events: [],
      account: { chainIds: [10] },
    })
    expect(
      findMissingRequirements(
        {
          eip155: { ...complete.eip155, accounts: ['eip155:1:not-an-address'] },
        },
        [1],
      )?.account,
    ).toEqual({ chainIds: [1] })
    expect(
      findMissingRequirements(
        { solana: { ...complete.eip155, accounts: [`eip155:1:${address}`] } },
        [1],
      ),
    ).toMatchObject({ account: { chainIds: [1] } })
  })

  it('reads namespaces keyed per chain too', () => {
    expect(
      findMissingRequirements(
        {
          'eip155:1': {
            accounts: [`eip155:1:${address}`],
            methods: ['personal_sign'],
            events: ['chainChanged'],
          },
          'eip155:8453': {
            accounts: [],
            methods: ['eth_sendTransaction'],
            events: ['accountsChanged'],
          },
        },
        [1],
      ),
    ).toBeUndefined()
  })

  it('finds everything missing in an empty or absent session', () => {
    expect(findMissingRequirements(undefined, [1])).toEqual({
      methods: ['eth_sendTransaction', 'personal_sign'],
      events: ['chainChanged', 'accountsChanged'],
      account: { chainIds: [1] },
    })
  })
})
