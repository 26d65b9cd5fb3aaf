import { describe, expect, it } from 'vitest'
import { walletRegistry } from '../wallets/walletRegistry.js'
import { toPairingLinks, toRequestLink, toWcLink } from './links.js'

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1795432000'
const encoded = encodeURIComponent(uri)

describe('toPairingLinks', () => {
  it('gives the URI as QR payload and the native link by default', () => {
    expect(
      toPairingLinks(uri, { wallet: walletRegistry.trust.walletConnect }),
    ).toEqual({
      qr: uri,
      deepLink: `trust://wc?uri=${encoded}`,
    })
  })

  it('gives the universal link when preferred', () => {
    expect(
      toPairingLinks(uri, {
        wallet: walletRegistry.metamask.walletConnect,
        preference: 'universal',
      }).deepLink,
    ).toBe(`https://metamask.app.link/wc?uri=${encoded}`)
    expect(
      toPairingLinks(uri, {
        wallet: {
          native: 'examplewallet://',
          universal: 'https://wallet.example.com/app',
        },
        preference: 'universal',
      }).deepLink,
    ).toBe(`https://wallet.example.com/app/wc?uri=${encoded}`)
  })

  it('falls back to the kind the wallet has', () => {
    expect(
      toPairingLinks(uri, {
        wallet: walletRegistry.zerion.walletConnect,
        preference: 'universal',
      }).deepLink,
    ).toBe(`zerion://wc?uri=${encoded}`)
    expect(
      toPairingLinks(uri, { wallet: walletRegistry.okx.walletConnect })
        .deepLink,
    ).toBe(`okex://main/wc?uri=${encoded}`)
  })

  it('never builds a link from a scheme that is not allowed', () => {
    for (const native of [
      'javascript:alert(1)//',
      'data:text/html,x',
      'file:///tmp/',
      'unknownwallet://',
    ])
      expect(
        toPairingLinks(uri, { wallet: { native } }).deepLink,
      ).toBeUndefined()
    expect(
      toPairingLinks(uri, { wallet: { universal: 'http://wallet.example' } })
        .deepLink,
    ).toBeUndefined()
    expect(toPairingLinks(uri).deepLink).toBeUndefined()
  })
})

describe('toWcLink: a base ending in /wc keeps one', () => {
  it.each([
    ['examplewallet://', 'examplewallet://wc'],
    ['examplewallet://wc', 'examplewallet://wc'],
    ['examplewallet://wc/', 'examplewallet://wc'],
    ['okex://main/', 'okex://main/wc'],
    ['https://wallet.example', 'https://wallet.example/wc'],
    ['https://wallet.example/', 'https://wallet.example/wc'],
    ['https://wallet.example/app', 'https://wallet.example/app/wc'],
    ['https://wallet.example/wc', 'https://wallet.example/wc'],
    ['https://wallet.example/app/WC/', 'https://wallet.example/app/WC'],
    ['https://wallet.example/wcx', 'https://wallet.example/wcx/wc'],
  ])('%s → %s', (base, link) => {
    expect(toWcLink(base)).toBe(link)
  })

  it('in pairing and request links alike', () => {
    expect(
      toPairingLinks(uri, {
        wallet: { universal: 'https://link.wallet.example/wc' },
        preference: 'universal',
        extraSchemes: [],
      }).deepLink,
    ).toBe(`https://link.wallet.example/wc?uri=${encoded}`)
    expect(toRequestLink('https://link.wallet.example/wc/', 'ab12')).toBe(
      'https://link.wallet.example/wc?sessionTopic=ab12',
    )
    expect(toRequestLink('rainbow://wc', 'ab12')).toBe(
      'rainbow://wc?sessionTopic=ab12',
    )
  })
})

describe('toRequestLink', () => {
  it('names the session after the wallet base', () => {
    expect(toRequestLink('sandboxwallet://', 'ab12')).toBe(
      'sandboxwallet://wc?sessionTopic=ab12',
    )
    expect(toRequestLink('https://wallet.sandbox.localhost/app', 'ab12')).toBe(
      'https://wallet.sandbox.localhost/app/wc?sessionTopic=ab12',
    )
  })

  it("a host's own wallet may use its scheme, never a dangerous one", () => {
    expect(
      toPairingLinks(uri, {
        wallet: { native: 'mywallet://' },
        extraSchemes: ['mywallet:'],
      }).deepLink,
    ).toBe(`mywallet://wc?uri=${encoded}`)
    for (const scheme of ['javascript:', 'data:', 'http:', 'file:'])
      expect(
        toPairingLinks(uri, {
          wallet: { native: `${scheme}//x/` },
          extraSchemes: [scheme],
        }).deepLink,
      ).toBeUndefined()
  })

  it('a lone surrogate in a URI or topic is encoded as U+FFFD, not thrown', () => {
    expect(
      toPairingLinks('wc:a\uD800b@2', { wallet: { native: 'metamask://' } })
        .deepLink,
    ).toBe('metamask://wc?uri=wc%3Aa%EF%BF%BDb%402')
    expect(toRequestLink('metamask://', 'ab\uDC00')).toBe(
      'metamask://wc?sessionTopic=ab%EF%BF%BD',
    )
  })
})
