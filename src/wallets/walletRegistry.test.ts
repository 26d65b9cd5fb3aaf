import { describe, expect, it } from 'vitest'
import { isAllowedDeepLink } from './isAllowedDeepLink.js'
import { walletIds } from './walletIds.js'
import { walletRegistry } from './walletRegistry.js'

describe('the wallet registry', () => {
  it('holds only published wallets: no test wallet, no test scheme allowed in production', () => {
    expect(walletIds).not.toContain('sandbox')
    expect(Object.keys(walletRegistry)).toEqual([...walletIds])
    for (const wallet of Object.values(walletRegistry))
      expect(JSON.stringify(wallet), wallet.id).not.toMatch(
        /sandbox|localhost|example/i,
      )
    expect(isAllowedDeepLink('sandboxwallet://wc?uri=wc%3Aab')).toBe(false)
  })

  it("allows a wallet's own app scheme only when the host names it", () => {
    expect(
      isAllowedDeepLink('sandboxwallet://wc?uri=wc%3Aab', ['sandboxwallet:']),
    ).toBe(true)
  })
})
