import { describe, expect, it } from 'vitest'
import { parseWalletConnectParameters } from './walletConnectParameters.js'

describe('parseWalletConnectParameters', () => {
  it('names each option it cannot use', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /`projectId` must be your WalletConnect project id/],
      [{ projectId: 'p', relayUrl: 'http://relay' }, /`relayUrl` must be a ws/],
      [
        { projectId: 'p', deepLink: 'app' },
        /`deepLink` must be 'native' or 'universal'/,
      ],
      [
        { projectId: 'p', switching: 'never' },
        /`switching` must be 'app' or 'wallet'/,
      ],
      [
        { projectId: 'p', wallet: 'nosuchwallet' },
        /`wallet` must be a wallet descriptor \(metamask, coinbase, .*, or your own\)/,
      ],
      [
        { projectId: 'p', wallet: 'trust' },
        /`wallet` must be a wallet descriptor: `import \{ trust \} from 'wagmi-connector-pack\/walletconnect'`, then `wallet: trust`/,
      ],
      [{ projectId: 'p', verify: 'no' }, /`verify` must be true or false/],
      [{ projectId: 'p', telemetry: 0 }, /`telemetry` must be true or false/],
    ]
    for (const [parameters, message] of cases)
      expect(() => parseWalletConnectParameters(parameters as never)).toThrow(
        message,
      )
  })
})
