import { expect, it } from 'vitest'
import { BaseError } from '../../src/core/errors.js'
import {
  chooseWalletLink,
  preferredLink,
  toPairingLinks,
  toRequestLink,
  type WalletLinks,
} from '../../src/walletconnect/links.js'
import { peerWalletLinks } from '../../src/walletconnect/openWallet.js'
import type { DeepLinkPreference } from '../../src/walletconnect/walletConnectParameters.js'
import { isAllowedDeepLink, toBrowseLink } from '../../src/wallets/links.js'
import {
  type WalletDescriptor,
  walletRegistry,
} from '../../src/wallets/walletRegistry.js'
import { tally } from '../helpers/reliabilityTally.js'

/*
 * Every function that builds a link the user's browser opens (the browse
 * link `location.assign` follows, the pairing link a host puts behind its
 * button, the request link `window.open` follows) is fed a few thousand
 * generated hostile inputs. Each link it gives must pass isAllowedDeepLink
 * and, checked here on its own, start with `https:` or a scheme of the
 * registry's wallets; nothing may throw but the pack's own typed error.
 */

/** Mulberry32: a small seeded generator, so every run tries the same inputs. */
function seeded(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <item>(items: readonly item[]): item =>
    items[Math.floor(next() * items.length)]!
  return { next, pick, chance: (p: number) => next() < p }
}

const random = seeded(0x9e3779b9)

/** The schemes a link may have, worked out from the registry itself. */
const registrySchemes = new Set(
  Object.values(walletRegistry as Record<string, WalletDescriptor>).flatMap(
    (wallet) => {
      const native = wallet.walletConnect?.native
      return native ? [native.slice(0, native.indexOf(':') + 1)] : []
    },
  ),
)
const hostScheme = 'hostwallet:'
/** Schemes that run code, read local data or travel in clear: refused even when a host names one. */
const dangerous = [
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
  'http:',
  'ws:',
]

/**
 * The scheme a browser reads from `link`, parsed here without `URL`: outer
 * C0 controls and spaces dropped, tabs and newlines removed anywhere.
 */
function schemeOf(link: string): string | undefined {
  const cleaned = link
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what browsers strip.
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/[\t\n\r]/g, '')
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase().concat(':')
}

// What hostile input is made of.
const schemes = [
  'https:',
  'http:',
  'javascript:',
  'data:',
  'file:',
  'blob:',
  'vbscript:',
  'about:',
  'ws:',
  'wss:',
  'ftp:',
  'intent:',
  'filesystem:',
  'view-source:',
  'unknownwallet:',
  'wc:',
  ...registrySchemes,
  '',
]
const controls = [
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0001',
  '\u001f',
  ' ',
  '\u00a0',
  '\u200b',
  '\u2028',
  '\ufeff',
  '\u007f',
]
const separators = ['//', '', '/', '///', '\\\\', '/\\', '\\/', '//\t/']
const credentials = [
  '',
  '',
  '',
  'user:pass@',
  'user@',
  ':@',
  'a%40b:c@',
  'metamask.app.link@',
]
const hosts = [
  'wallet.example',
  'metamask.app.link',
  'link.trustwallet.com',
  '127.0.0.1',
  '[::1]',
  '0x7f.1',
  'wället.example',
  'xn--wllet-gra.example',
  'ＷＡＬＬＥＴ．example',
  'evil.example%2f',
  'evil.example#@metamask.app.link',
  'evil.example?.metamask.app.link',
  'a'.repeat(300),
  '',
  'javascript:alert(1)',
  'main',
]
const ports = ['', '', ':443', ':', ':99999', ':abc', ':0']
const paths = [
  '',
  '/',
  '/dapp/x',
  '/%0a%0d',
  '/../../etc/passwd',
  '/<script>alert(1)</script>',
  '/javascript:alert(1)',
  '/ü/日本/🦊',
  '/\ud800',
  '/\udfff\ud83e',
  `/${'a'.repeat(5000)}`,
  '/%',
  '/%zz',
  '/"\'`',
]
const queries = [
  '',
  '',
  '?q=javascript:alert(1)',
  '?uri=wc:abc@2',
  '?a=%00&b=\u0000',
  '#frag',
  '#javascript:alert(1)',
  '?x#y?z',
]
const endings = [
  '',
  '',
  '',
  ' ',
  '\t',
  '\n',
  '\u0000',
  '\u0001',
  '\\',
  '/',
  '?',
  '#',
  '%',
  '@',
  '\u00a0',
]
const canned = [
  'javascript:alert(1)',
  'javascript://%0aalert(1)',
  'JaVaScRiPt:alert(1)',
  ' \tjavascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'FILE://c:/windows/win.ini',
  'blob:https://wallet.example/6f1c1d0e-0000-4000-8000-000000000000',
  'about:blank',
  'http://wallet.example',
  'ws://wallet.example',
  '//wallet.example',
  '/relative/path',
  'relative',
  '',
  ' ',
  'https:',
  'https:wallet.example',
  'https:/\\wallet.example',
  'https://user:pass@wallet.example',
  'https://wallet.example\u0001',
  'https://wallet.example ',
  'https://wallet.example\t',
  'trust:',
  'trust://',
  'TRUST://',
  ' trust://wc',
  'okex://main/',
  'unknownwallet://',
  'hostwallet://',
  'HostWallet://',
  'hostwallet:',
  'x'.repeat(10_000),
  'https://wallet.example/\ud800',
]

/** A scheme as hostile input writes it: any case, tabs or newlines inside, junk before. */
function mangledScheme() {
  let scheme = random.chance(0.3) ? 'https:' : random.pick(schemes)
  if (random.chance(0.4))
    scheme = [...scheme]
      .map((c) => (random.chance(0.5) ? c.toUpperCase() : c))
      .join('')
  if (random.chance(0.15) && scheme.length > 2) {
    const at = 1 + Math.floor(random.next() * (scheme.length - 2))
    scheme = `${scheme.slice(0, at)}${random.pick(['\t', '\n', '\r'])}${scheme.slice(at)}`
  }
  if (random.chance(0.2)) scheme = `${random.pick(controls)}${scheme}`
  return scheme
}

/** One generated hostile link or page URL. */
function hostileLink(): string {
  if (random.chance(0.15)) return random.pick(canned)
  return [
    mangledScheme(),
    random.pick(separators),
    random.pick(credentials),
    random.pick(hosts),
    random.pick(ports),
    random.pick(paths),
    random.pick(queries),
    random.chance(0.2) ? random.pick(controls) : '',
    random.pick(endings),
  ].join('')
}

/** What a peer's metadata may hold instead of a string: JSON of any shape. */
const notStrings: unknown[] = [
  undefined,
  null,
  0,
  42,
  true,
  {},
  [],
  ['https://wallet.example'],
  { toString: () => 'javascript:alert(1)' },
]
function hostileField(): unknown {
  return random.chance(0.1) ? random.pick(notStrings) : hostileLink()
}

const pairingUri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1795432000'
const topic = '7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9'
/**
 * A pairing URI or session topic: mostly what the SDK gives, sometimes
 * anything well-formed. The SDK makes both (ASCII), so lone surrogates, which
 * `encodeURIComponent` refuses with a URIError, are tried in the link fields only.
 */
function hostileText(usual: string) {
  return random.chance(0.5)
    ? usual
    : hostileLink().replace(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
        '\ufffd',
      )
}

// Host-described wallets whose templates try to put the page first.
const hostileTemplates: WalletDescriptor[] = [
  { id: 'raw-first', name: 'Raw first', browse: ({ raw }) => raw },
  {
    id: 'decoded',
    name: 'Decoded',
    browse: ({ url }) => decodeURIComponent(url),
  },
  {
    id: 'scheme-less',
    name: 'Scheme-less',
    browse: ({ raw }) => `//${raw}`,
  },
  {
    id: 'native-template',
    name: 'Native template',
    browse: ({ url }) => `trust://browser_enable?url=${url}`,
  },
]

type Failure = { input: unknown; problem: string }

/** What is wrong with `link` (built from `input`), if anything. */
function check(
  link: unknown,
  allowed: ReadonlySet<string>,
  extraSchemes: readonly string[] = [],
): string | undefined {
  if (link === undefined) return undefined
  if (typeof link !== 'string') return `gave a ${typeof link}`
  if (!isAllowedDeepLink(link, extraSchemes))
    return `gave ${JSON.stringify(link.slice(0, 200))}, refused by isAllowedDeepLink`
  const scheme = schemeOf(link)
  if (!scheme || !allowed.has(scheme))
    return `gave ${JSON.stringify(link.slice(0, 200))}, scheme ${scheme}`
  return undefined
}

/** Runs `build`; anything thrown must be the pack's own typed error. */
function attempt<result>(build: () => result): {
  result?: result
  problem?: string
} {
  try {
    return { result: build() }
  } catch (error) {
    const ours =
      error instanceof BaseError &&
      error.name !== 'Error' &&
      error.version.startsWith('wagmi-connector-pack@')
    return ours
      ? {}
      : { problem: `threw ${(error as Error)?.name}: ${String(error)}` }
  }
}

const withHttps = (...more: string[]) =>
  new Set(['https:', ...registrySchemes, ...more])
const preferences: DeepLinkPreference[] = ['native', 'universal']
const shown = (failures: Failure[]) =>
  failures
    .slice(0, 10)
    .map(
      ({ input, problem }) =>
        `${JSON.stringify(input).slice(0, 300)}: ${problem.slice(0, 300)}`,
    )

it('browse links (every registry wallet and hostile templates × generated page URLs) have only allowed schemes', () => {
  const wallets = [
    ...Object.values(walletRegistry as Record<string, WalletDescriptor>),
    ...hostileTemplates,
  ]
  const pages = Array.from({ length: 1500 }, hostileLink)
  const failures: Failure[] = []
  let links = 0
  for (const wallet of wallets)
    for (const page of pages) {
      const { result, problem } = attempt(() => toBrowseLink(wallet, page))
      if (result !== undefined) links++
      const wrong = problem ?? check(result, withHttps())
      if (wrong)
        failures.push({ input: { wallet: wallet.id, page }, problem: wrong })
    }
  expect(shown(failures)).toEqual([])
  // The fuzz reaches the link-building path, not only the refusals.
  expect(links).toBeGreaterThan(1000)
  tally(
    'fuzzIteration',
    'deep link fuzz: browse links',
    wallets.length * pages.length,
  )
})

it('pairing links from generated wallet links, preferences and host schemes have only allowed schemes', () => {
  const failures: Failure[] = []
  const cases = 3000
  let links = 0
  for (let i = 0; i < cases; i++) {
    const wallet = {
      native: hostileField(),
      universal: hostileField(),
    } as WalletLinks
    const preference = random.pick(preferences)
    // A host describing its own wallet may name its scheme; dangerous ones stay refused.
    const extraSchemes = random.chance(0.5)
      ? [hostScheme, random.pick(dangerous)]
      : undefined
    const uri = hostileText(pairingUri)
    const { result, problem } = attempt(() =>
      toPairingLinks(uri, { wallet, preference, extraSchemes }),
    )
    const allowed = extraSchemes ? withHttps(hostScheme) : withHttps()
    let wrong = problem
    if (result) {
      if (result.qr !== uri) wrong = `QR payload ${result.qr} is not the URI`
      if (result.deepLink !== undefined) links++
      wrong ??= check(result.deepLink, allowed, extraSchemes)
    }
    if (wrong)
      failures.push({
        input: { wallet, preference, extraSchemes, uri },
        problem: wrong,
      })
  }
  expect(shown(failures)).toEqual([])
  expect(links).toBeGreaterThan(300)
  tally('fuzzIteration', 'deep link fuzz: pairing links', cases)
})

/**
 * Schemes a link from a peer's metadata must never have, listed here apart
 * from the pack's own denylist: script, local data, browser internals, the
 * clear web, Android intents, app installs, calls and messages.
 */
const neverFromAPeer = new Set([
  'javascript:',
  'vbscript:',
  'data:',
  'blob:',
  'file:',
  'filesystem:',
  'content:',
  'about:',
  'chrome:',
  'chrome-extension:',
  'view-source:',
  'http:',
  'ws:',
  'wss:',
  'ftp:',
  'intent:',
  'android-app:',
  'googlechrome:',
  'itms-services:',
  'tel:',
  'sms:',
])

/** What is wrong with a link built from a peer's metadata whose own site is `site`, if anything. */
function checkPeerLink(link: unknown, site: unknown): string | undefined {
  if (link === undefined) return undefined
  if (typeof link !== 'string') return `gave a ${typeof link}`
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return `not a URL the browser can open: ${link}`
  }
  if (neverFromAPeer.has(url.protocol)) return `scheme ${url.protocol}`
  if (url.username || url.password) return 'credentials in the link'
  if (url.protocol !== 'https:') return undefined
  let own: URL
  try {
    own = new URL(String(site))
  } catch {
    return 'a web link from a wallet that names no site of its own'
  }
  if (own.protocol !== 'https:' && own.protocol !== 'http:')
    return 'a web link from a wallet whose site is not on the web'
  return url.hostname === own.hostname ||
    url.hostname.endsWith(`.${own.hostname}`)
    ? undefined
    : `a web link to ${url.hostname}, not the wallet's own site ${own.hostname}`
}

it("a peer's session metadata, and the request links the connector builds from it, never open a denied scheme or another site", () => {
  const failures: Failure[] = []
  const cases = 3000
  let links = 0
  let webLinks = 0
  for (let i = 0; i < cases; i++) {
    // What a remote wallet claims in its metadata, which nobody vets.
    const site = random.chance(0.7)
      ? `https://${random.pick(hosts)}`
      : hostileField()
    const onOwnSite = random.chance(0.3) && typeof site === 'string'
    const metadata = {
      url: site,
      redirect: {
        native: hostileField(),
        universal: onOwnSite ? `${site}${random.pick(paths)}` : hostileField(),
      },
    }
    const preference = random.pick(preferences)
    const sessionTopic = hostileText(topic)
    // What openWalletForRequest does with a paired wallet's metadata.
    const chosen = attempt(() =>
      preferredLink(peerWalletLinks(metadata), preference),
    )
    let wrong = chosen.problem ?? checkPeerLink(chosen.result, site)
    if (!wrong && chosen.result !== undefined) {
      const request = attempt(() =>
        toRequestLink(chosen.result as string, sessionTopic),
      )
      if (request.result !== undefined) {
        links++
        if (request.result.startsWith('https:')) webLinks++
      }
      wrong = request.problem ?? checkPeerLink(request.result, site)
    }
    if (wrong)
      failures.push({
        input: { metadata, preference, sessionTopic },
        problem: wrong,
      })
  }
  expect(shown(failures)).toEqual([])
  // The generator reaches both kinds of link the connector may open.
  expect(links).toBeGreaterThan(300)
  expect(webLinks).toBeGreaterThan(100)
  tally(
    'fuzzIteration',
    'deep link fuzz: peer metadata and request links',
    cases,
  )
})

it("the registry's own wallet links give allowed pairing and request links for generated URIs and topics", () => {
  const failures: Failure[] = []
  const wallets = Object.values(
    walletRegistry as Record<string, WalletDescriptor>,
  )
  let cases = 0
  for (const wallet of wallets)
    for (const preference of preferences)
      for (let i = 0; i < 60; i++) {
        cases++
        const uri = hostileText(pairingUri)
        const sessionTopic = hostileText(topic)
        const pairing = attempt(() =>
          toPairingLinks(uri, { wallet: wallet.walletConnect, preference }),
        )
        let wrong =
          pairing.problem ?? check(pairing.result?.deepLink, withHttps())
        const chosen = chooseWalletLink(wallet.walletConnect, preference)
        if (!wrong && wallet.walletConnect && !chosen)
          wrong = 'a registry wallet link was refused'
        if (!wrong && chosen) {
          const request = attempt(() => toRequestLink(chosen, sessionTopic))
          wrong = request.problem ?? check(request.result, withHttps())
        }
        if (wrong)
          failures.push({
            input: { wallet: wallet.id, preference, uri, sessionTopic },
            problem: wrong,
          })
      }
  expect(shown(failures)).toEqual([])
  tally('fuzzIteration', 'deep link fuzz: registry wallet links', cases)
})
