import { describe, expect, it } from 'vitest'
import {
  InvalidSessionScopeError,
  sessionScope,
} from './createSessionProfile.js'

describe('sessionScope', () => {
  it('without limits: sending through the vendor and revoking itself, by exact activity type; no raw payload, no signed transaction', () => {
    expect(sessionScope()).toBe(
      "activity.type in ['ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2', 'ACTIVITY_TYPE_DELETE_API_KEYS']",
    )
  })

  it('with limits: transactions sent within them only, addresses in lower case', () => {
    expect(
      sessionScope({
        to: ['0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'],
        maxValue: 10n ** 18n,
        chainIds: [1, 8453],
      }),
    ).toBe(
      "activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && eth.tx.to in ['0xabcdef0123456789abcdef0123456789abcdef01'] && eth.tx.value <= 1000000000000000000 && eth.tx.chain_id in [1, 8453]",
    )
    expect(sessionScope({ maxValue: 0n })).toBe(
      "activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && eth.tx.value <= 0",
    )
    expect(sessionScope({ sponsor: false })).toBe(
      "activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && activity.params.sponsor == false",
    )
  })

  it('with functions: only calls of those, by their 4-byte selectors, from signatures or ABI items', () => {
    expect(
      sessionScope({
        to: ['0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'],
        functions: [
          'transfer(address,uint256)',
          {
            type: 'function',
            name: 'transferFrom',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'from', type: 'address' },
              { name: 'to', type: 'address' },
              { name: 'amount', type: 'uint256' },
            ],
            outputs: [{ type: 'bool' }],
          },
        ],
      }),
    ).toBe(
      "activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && eth.tx.to in ['0xabcdef0123456789abcdef0123456789abcdef01'] && eth.tx.data[0..10] in ['0xa9059cbb', '0x23b872dd']",
    )
    expect(
      sessionScope({
        functions: ['function approve(address spender, uint256 amount)'],
      }),
    ).toBe(
      "activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && eth.tx.data[0..10] in ['0x095ea7b3']",
    )
  })

  it.each([
    ['no limit', {}, 'give at least one of'],
    ['no function', { functions: [] }, '`functions` must list'],
    [
      'a misspelt type',
      { functions: ['transfer(adress,uint256)'] },
      '`functions` must list',
    ],
    ['not a signature', { functions: ["x' || true"] }, '`functions` must list'],
    [
      'an event',
      { functions: ['event Transfer(address,address,uint256)'] },
      '`functions` must list',
    ],
    ['no address', { to: [] }, '`to` must list'],
    ['a quote in an address', { to: ["0x1' || true || '"] }, '`to` must list'],
    ['a negative value', { maxValue: -1n }, '`maxValue` must be'],
    ['a value as a number', { maxValue: 5 }, '`maxValue` must be'],
    ['chain id 0', { chainIds: [0] }, '`chainIds` must list'],
    ['a fractional chain id', { chainIds: [1.5] }, '`chainIds` must list'],
    ['sponsor as a string', { sponsor: 'false' }, '`sponsor` must be'],
  ])('refuses %s with a typed error naming the limit', (_, limits, reason) => {
    expect(() => sessionScope(limits as never)).toThrow(
      InvalidSessionScopeError,
    )
    expect(() => sessionScope(limits as never)).toThrow(reason)
  })
})
