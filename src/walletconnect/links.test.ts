import { describe, expect, it } from 'vitest'
import { walletRegistry } from '../wallets/walletRegistry.js'
import {
  deniedAppSchemes,
  peerWalletLinks,
  toAppSchemeLink,
  toPairingLinks,
  toRequestLink,
  toWcLink,
} from './links.js'

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

describe('toAppSchemeLink', () => {
  it('takes a well-formed scheme:// link, as the browser reads it', () => {
    expect(toAppSchemeLink('examplewallet://')).toBe('examplewallet://')
    expect(toAppSchemeLink('ExampleWallet://wc')).toBe('examplewallet://wc')
    expect(toAppSchemeLink('trust://wc?uri=x')).toBe('trust://wc?uri=x')
  })

  it('refuses every denied scheme, in any case', () => {
    for (const scheme of deniedAppSchemes) {
      expect(toAppSchemeLink(`${scheme}://x`)).toBeUndefined()
      expect(toAppSchemeLink(`${scheme.toUpperCase()}://x`)).toBeUndefined()
    }
    expect(toAppSchemeLink('safari-foo-extension://x')).toBeUndefined()
  })

  it('refuses what is not a scheme:// link', () => {
    for (const link of [
      undefined,
      42,
      '',
      'examplewallet',
      'examplewallet:wc',
      '-wallet://',
      'exa_mple://',
      'examplewallet://\nwc',
      'examplewallet://wc x',
      '\u0001examplewallet://',
    ])
      expect(toAppSchemeLink(link)).toBeUndefined()
  })
})

const site = 'https://wallet.example'

describe("a connected wallet's own links", () => {
  it('keeps its app scheme and web links on its own site', () => {
    expect(
      peerWalletLinks({
        url: site,
        redirect: {
          native: 'examplewallet://',
          universal: 'https://link.wallet.example/app',
        },
      }),
    ).toEqual({
      native: 'examplewallet://',
      universal: 'https://link.wallet.example/app',
    })
  })

  it('keeps the app scheme of any wallet, listed in the registry or not', () => {
    for (const native of [
      'examplewallet://',
      'examplewallet://wc',
      'com.kresus.superapp://',
      'my-wallet+beta.2://open',
    ])
      expect(peerWalletLinks({ redirect: { native } }).native).toBe(native)
  })

  it.each([
    'javascript://%0aalert(1)',
    'JavaScript://%0aalert(1)',
    'data://text/html,x',
    'vbscript://x',
    'file:///etc/passwd',
    'blob://x',
    'about://blank',
    'chrome://settings',
    'chrome-extension://abcdefghijklmnop/page.html',
    'moz-extension://x/page.html',
    'edge://settings',
    'view-source://wallet.example',
    'intent://wc#Intent;scheme=examplewallet;S.browser_fallback_url=https%3A%2F%2Fphishing.example;end',
    'filesystem://x',
    'ws://wallet.example',
    'wss://wallet.example',
    'googlechromes://phishing.example',
    'itms-services://?action=download-manifest&url=https://phishing.example/app.plist',
    'tel://5551234',
    'examplewallet:',
    'examplewallet:/wc',
    '1wallet://',
    ' examplewallet://',
    'example wallet://',
    'examplewallet://user:secret@wc',
    'examplewallet://wc\\x',
  ])('drops the app link %s', (native) => {
    expect(peerWalletLinks({ redirect: { native } }).native).toBeUndefined()
  })

  it('gives links back as the browser reads them', () => {
    expect(
      peerWalletLinks({
        url: site,
        redirect: { universal: ' HTTPS://Link.Wallet.Example/app' },
      }).universal,
    ).toBe('https://link.wallet.example/app')
  })

  it.each([
    ['another site', 'https://phishing.example/wc'],
    ['a look-alike host', 'https://wallet.example.phishing.example/'],
    ['a suffix without the dot', 'https://evilwallet.example/'],
    ['plain http elsewhere', 'http://phishing.example/'],
    ['plain http on its own site', 'http://wallet.example/'],
    ['a web link with a leading space', ' https://phishing.example/'],
    ['a tab inside the scheme', 'ht\ttps://phishing.example/'],
    ['a newline inside the scheme', 'https\n://phishing.example/'],
    ['a leading control character', '\u0001https://phishing.example/'],
    ['a scheme without slashes', 'https:phishing.example/'],
  ])('drops a web link to %s, as native or universal', (_, link) => {
    expect(
      peerWalletLinks({
        url: site,
        redirect: { native: link, universal: link },
      }),
    ).toEqual({ native: undefined, universal: undefined })
  })

  it('drops every web link when the wallet names no web site of its own', () => {
    for (const url of [undefined, 'examplewallet://', 42, 'not a url'])
      expect(
        peerWalletLinks({
          url,
          redirect: { universal: 'https://wallet.example/' },
        }),
      ).toEqual({ native: undefined, universal: undefined })
  })

  it('ignores what is not a string', () => {
    expect(
      peerWalletLinks({ url: site, redirect: { native: 1, universal: {} } }),
    ).toEqual({ native: undefined, universal: undefined })
    expect(peerWalletLinks(undefined)).toEqual({
      native: undefined,
      universal: undefined,
    })
  })
})
