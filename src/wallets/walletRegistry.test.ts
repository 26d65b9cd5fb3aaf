import { describe, expect, it } from 'vitest'
import * as injectedExports from '../exports/injected.js'
import * as walletConnectExports from '../exports/walletconnect.js'
import { otherWalletFlags } from '../injected/discovery.js'
import { isAllowedDeepLink, registeredSchemes } from './links.js'
import * as registryModule from './walletRegistry.js'
import {
  type WalletDescriptor,
  walletIds,
  walletRegistry,
} from './walletRegistry.js'

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

  it('is the descriptors this module exports by name, each under its id, each exported by /injected and /walletconnect', () => {
    const named = Object.entries(registryModule).filter(
      ([, value]) =>
        typeof value === 'object' &&
        value !== null &&
        'id' in value &&
        'name' in value,
    ) as [string, WalletDescriptor][]
    expect(named.map(([name]) => name).sort()).toEqual([...walletIds].sort())
    expect(walletRegistry).toEqual(Object.fromEntries(named))
    for (const [id, wallet] of named) {
      expect(wallet.id).toBe(id)
      expect(walletRegistry[id as keyof typeof walletRegistry]).toBe(wallet)
      for (const exports of [injectedExports, walletConnectExports])
        expect(exports[id as keyof typeof exports], id).toBe(wallet)
    }
  })

  it("allows exactly the registry wallets' app schemes (the list a link check reads instead of the registry)", () => {
    const fromRegistry = Object.values(walletRegistry).flatMap(
      (wallet: WalletDescriptor) => {
        const native = wallet.walletConnect?.native
        return native ? [native.slice(0, native.indexOf(':') + 1)] : []
      },
    )
    expect([...registeredSchemes].sort()).toEqual(
      [...new Set(fromRegistry)].sort(),
    )
    for (const scheme of registeredSchemes)
      expect(isAllowedDeepLink(`${scheme}//wc?uri=wc%3Aab`), scheme).toBe(true)
  })

  it("counts every registry wallet's flag as a sign of an impostor beside a copied flag", () => {
    const flags = Object.values(walletRegistry).flatMap(
      (wallet: WalletDescriptor) => wallet.injected?.flags ?? [],
    )
    for (const flag of flags) expect(otherWalletFlags, flag).toContain(flag)
  })
})
