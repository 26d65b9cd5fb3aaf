import { describe, expect, it } from 'vitest'
import { isAllowedDeepLink, toBrowseLink } from './links.js'
import { type WalletDescriptor, walletRegistry } from './walletRegistry.js'

const page = 'https://app.example.com:8443/swap?from=ETH&to=USDC#review'
const encoded = encodeURIComponent(page)
const origin = encodeURIComponent('https://app.example.com:8443')

describe('toBrowseLink', () => {
  it.each([
    [
      'metamask',
      'https://link.metamask.io/dapp/app.example.com:8443/swap?from=ETH&to=USDC#review',
    ],
    ['coinbase', `https://go.cb-w.com/dapp?cb_url=${encoded}`],
    ['phantom', `https://phantom.app/ul/browse/${encoded}?ref=${origin}`],
    [
      'trust',
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}`,
    ],
    [
      'okx',
      `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encoded}`)}`,
    ],
    ['bitget', `https://bkcode.vip?action=dapp&url=${encoded}`],
    ['rainbow', `https://rnbwapp.com/dapp?url=${encoded}`],
  ] as const)('%s opens the page by its own template', (id, link) => {
    expect(toBrowseLink(walletRegistry[id], page)).toBe(link)
  })

  it.each(['zerion', 'rabby', 'exodus', 'brave', 'backpack'] as const)(
    '%s has no known template, so no link is guessed',
    (id) => {
      expect(toBrowseLink(walletRegistry[id], page)).toBeUndefined()
    },
  )

  it('every registry template gives an https link that carries the whole page', () => {
    for (const wallet of Object.values(walletRegistry) as WalletDescriptor[]) {
      const link = toBrowseLink(wallet, page)
      if (!wallet.browse) continue
      expect(link, wallet.id).toMatch(/^https:\/\//)
      const carried = decodeURIComponent(decodeURIComponent(link!))
      expect(carried, wallet.id).toContain(
        'app.example.com:8443/swap?from=ETH&to=USDC#review',
      )
    }
  })

  it('MetaMask gets the page as it is, without another round of encoding', () => {
    const unicode = 'https://exämple.com/päth/ünï?q=ü b#frägment'
    expect(toBrowseLink(walletRegistry.metamask, unicode)).toBe(
      'https://link.metamask.io/dapp/xn--exmple-cua.com/p%C3%A4th/%C3%BCn%C3%AF?q=%C3%BC%20b#fr%C3%A4gment',
    )
    expect(
      toBrowseLink(walletRegistry.metamask, 'http://localhost:5173/'),
    ).toBe('https://link.metamask.io/dapp/localhost:5173/')
  })

  it('encoded templates round-trip odd URLs exactly', () => {
    const odd = 'https://exämple.com/a%2Fb/?q=1&r=a+b&s=%26#/route?x=1'
    const link = toBrowseLink(walletRegistry.coinbase, odd)!
    expect(new URL(link).searchParams.get('cb_url')).toBe(new URL(odd).href)
    const phantom = new URL(toBrowseLink(walletRegistry.phantom, odd)!)
    expect(
      decodeURIComponent(phantom.pathname.slice('/ul/browse/'.length)),
    ).toBe(new URL(odd).href)
    expect(phantom.searchParams.get('ref')).toBe('https://xn--exmple-cua.com')
  })

  it.each([
    'javascript:alert(1)//https://app.example.com',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://app.example.com/1234',
    'about:blank',
    'not a url',
    'https://user:secret@app.example.com/',
  ])('a page at %s never yields a link', (unsafe) => {
    for (const wallet of Object.values(walletRegistry) as WalletDescriptor[])
      expect(toBrowseLink(wallet, unsafe), wallet.id).toBeUndefined()
  })

  it('a host template that builds an unsafe link is refused', () => {
    const wallet: WalletDescriptor = {
      id: 'odd',
      name: 'Odd',
      browse: ({ raw }) => `javascript:location='${raw}'`,
    }
    expect(toBrowseLink(wallet, page)).toBeUndefined()
  })
})

describe('isAllowedDeepLink', () => {
  it("allows a wallet's own app scheme only when the host names it", () => {
    expect(
      isAllowedDeepLink('sandboxwallet://wc?uri=wc%3Aab', ['sandboxwallet:']),
    ).toBe(true)
  })
})
