// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { detectPlatform } from './platform.js'

const userAgents = {
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  metamaskIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WebView MetaMaskMobile',
  okxAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36 OKApp/(OKEx/6.90.0)',
}

describe('detectPlatform', () => {
  it('reports a desktop browser as neither mobile nor a wallet browser', () => {
    expect(
      detectPlatform({
        navigator: { userAgent: userAgents.desktopChrome },
        ethereum: {},
      }),
    ).toEqual({
      isMobile: false,
      isIos: false,
      isAndroid: false,
      inWalletBrowser: false,
      walletBrowser: undefined,
    })
  })

  it('recognises iOS, including an iPad that asks for desktop sites', () => {
    expect(
      detectPlatform({ navigator: { userAgent: userAgents.iphoneSafari } }),
    ).toMatchObject({
      isMobile: true,
      isIos: true,
      isAndroid: false,
    })
    expect(
      detectPlatform({
        navigator: { userAgent: userAgents.ipadDesktopMode, maxTouchPoints: 5 },
      }),
    ).toMatchObject({ isMobile: true, isIos: true })
    expect(
      detectPlatform({
        navigator: { userAgent: userAgents.ipadDesktopMode, maxTouchPoints: 0 },
      }).isMobile,
    ).toBe(false)
  })

  it('recognises Android', () => {
    expect(
      detectPlatform({ navigator: { userAgent: userAgents.androidChrome } }),
    ).toMatchObject({
      isMobile: true,
      isIos: false,
      isAndroid: true,
      inWalletBrowser: false,
    })
  })

  it('names the wallet whose in-app browser the page runs in', () => {
    expect(
      detectPlatform({ navigator: { userAgent: userAgents.metamaskIos } }),
    ).toMatchObject({
      isIos: true,
      inWalletBrowser: true,
      walletBrowser: 'metamask',
    })
    expect(
      detectPlatform({ navigator: { userAgent: userAgents.okxAndroid } }),
    ).toMatchObject({
      isAndroid: true,
      inWalletBrowser: true,
      walletBrowser: 'okx',
    })
  })

  it('takes an injected provider on a phone as a wallet browser', () => {
    expect(
      detectPlatform({
        navigator: { userAgent: userAgents.androidChrome },
        ethereum: {},
      }),
    ).toMatchObject({ inWalletBrowser: true, walletBrowser: undefined })
  })

  it('is all false on the server', () => {
    expect(detectPlatform({})).toEqual({
      isMobile: false,
      isIos: false,
      isAndroid: false,
      inWalletBrowser: false,
      walletBrowser: undefined,
    })
  })

  it('reads the live browser globals when called without an environment', () => {
    expect(detectPlatform().isMobile).toBe(
      /Mobi|Android|iPhone/.test(navigator.userAgent),
    )
  })
})
