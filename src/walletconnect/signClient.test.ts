import { describe, expect, it } from 'vitest'
import { isLocalRelayUrl, skipVerify } from './signClient.js'

describe('isLocalRelayUrl', () => {
  it.each([
    'ws://127.0.0.1:41234',
    'ws://127.8.9.10',
    'ws://localhost:8080/relay',
    'ws://LOCALHOST.:8080',
    'wss://relay.localhost',
    'ws://[::1]:9000',
    'ws://[::ffff:127.0.0.1]:9000',
    'ws://10.1.2.3',
    'ws://172.16.0.1',
    'ws://172.31.255.255',
    'ws://192.168.1.20:5555',
    'ws://169.254.10.1',
    'ws://[fd12:3456::1]',
    'ws://[fe80::1]',
    'ws://0.0.0.0:1',
  ])('%s is local: Verify and telemetry are off by default', (url) => {
    expect(isLocalRelayUrl(url)).toBe(true)
  })

  it.each([
    undefined,
    'wss://relay.walletconnect.org',
    'wss://relay.walletconnect.com',
    'wss://relay.example.com',
    'ws://172.32.0.1',
    'ws://192.169.0.1',
    'ws://8.8.8.8',
    'ws://[2001:db8::1]',
    'ws://localhost.example.com',
    'not a url',
  ])('%s is not: the SDK decides', (url) => {
    expect(isLocalRelayUrl(url)).toBe(false)
  })
})

describe('skipVerify', () => {
  it("answers the SDK's register() with no attestation at once, as outside browsers", async () => {
    let opened = 0
    const verify = {
      register: async () => {
        opened++
        return 'attestation'
      },
    }
    const client = { core: { verify } }
    expect(skipVerify(client)).toBe(true)
    await expect(verify.register()).resolves.toBeUndefined()
    expect(opened).toBe(0)
  })

  it('changes nothing when the SDK has another shape', () => {
    expect(skipVerify({})).toBe(false)
    expect(skipVerify({ core: {} })).toBe(false)
  })
})
