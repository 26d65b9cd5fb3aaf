import { describe, expect, it } from 'vitest'
import { deniedAppSchemes, toAppSchemeLink } from './toAppSchemeLink.js'

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
