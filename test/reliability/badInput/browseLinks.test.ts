// @vitest-environment happy-dom
import { expect, vi } from 'vitest'
import { toBrowseLink } from '../../../src/wallets/links.js'
import { walletRegistry } from '../../../src/wallets/walletRegistry.js'
import {
  bad,
  type Case,
  refusedLink,
  runCases,
} from '../../helpers/badInputCases.js'
import { freshInjected, hostConfig } from '../../helpers/badInputFixtures.js'

// Bad page URLs for the links that open the page in a wallet’s browser.

const iPhone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

const cases: Case[] = [
  // --- browse links --------------------------------------------------------
  bad({
    source: 'browse links',
    name: 'a javascript: page',
    input: 'javascript:alert(document.cookie)',
    run: (page) => toBrowseLink(walletRegistry.metamask, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a data: page',
    input: 'data:text/html,<h1>Sign in</h1>',
    run: (page) => toBrowseLink(walletRegistry.coinbase, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a page URL with credentials',
    input: 'https://alice:secret@shop.example/',
    run: (page) => toBrowseLink(walletRegistry.trust, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a file: page',
    input: 'file:///C:/Users/alice/wallet.html',
    run: (page) => toBrowseLink(walletRegistry.phantom, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a relative page URL',
    input: '/checkout?step=2',
    run: (page) => toBrowseLink(walletRegistry.metamask, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a wallet with no browse template',
    input: 'https://shop.example/',
    run: (page) => toBrowseLink(walletRegistry.rabby, page),
    expected: refusedLink,
  }),
  bad({
    source: 'browse links',
    name: 'a page URL with quotes, markup, & and #',
    input: 'https://shop.example/p?q=a&b="<script>"#x',
    run: (page) => ({
      page,
      link: toBrowseLink(walletRegistry.coinbase, page),
    }),
    expected: {
      ignored: 'the page is carried encoded, as the one cb_url parameter',
      check: ({ page, link }) => {
        const url = new URL(link!)
        expect(url.origin).toBe('https://go.cb-w.com')
        expect([...url.searchParams.keys()]).toEqual(['cb_url'])
        expect(url.searchParams.get('cb_url')).toBe(new URL(page).href)
      },
    },
  }),
  bad({
    source: 'browse links',
    name: 'a page path that looks like another host',
    input: 'https://shop.example/@evil.example//evil.example/',
    run: (page) => toBrowseLink(walletRegistry.metamask, page),
    expected: {
      ignored: 'the link still opens MetaMask’s own host',
      check: (link) => expect(new URL(link!).host).toBe('link.metamask.io'),
    },
  }),
  bad({
    source: 'browse links',
    name: 'a phone without MetaMask on a page URL with credentials',
    input: 'https://alice:secret@shop.example/checkout',
    run: async (page) => {
      ;(
        window as unknown as { happyDOM: { setURL(url: string): void } }
      ).happyDOM.setURL(page)
      vi.stubGlobal('navigator', { userAgent: iPhone, maxTouchPoints: 5 })
      const assign = vi
        .spyOn(window.location, 'assign')
        .mockImplementation(() => undefined)
      const { injectedWallet, metamask } = await freshInjected()
      const connector = hostConfig([injectedWallet({ wallet: metamask })])
        .connectors[0]!
      try {
        return await connector.connect()
      } finally {
        expect(assign).not.toHaveBeenCalled()
      }
    },
    expected: { throws: 'ProviderNotFoundError', message: 'No provider found' },
  }),
]

runCases(cases)
