import { describe, expect, it } from 'vitest'
import {
  deniedAppSchemes,
  peerWalletLinks,
  toAppSchemeLink,
} from './openWallet.js'

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
