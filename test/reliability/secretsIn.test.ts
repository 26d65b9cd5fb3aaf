import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { secretsIn } from '../helpers/hostStorage.js'

const entry = (value: string, key = 'wagmi.store') => ({
  place: 'localStorage',
  key,
  value,
})

// The storage scan of the security checks must itself catch what it looks for.
describe('secretsIn', () => {
  const privateKey = generatePrivateKey()

  it.each([
    ['a private key in hex', JSON.stringify({ key: privateKey })],
    ['a private key without 0x', `"${privateKey.slice(2)}"`],
    ['a seed phrase', JSON.stringify({ phrase: generateMnemonic(wordlist) })],
    ['a JWK private part', '{"kty":"EC","d":"q6bXrNtnAXFu6f7mZyUj9b0xqWq3"}'],
    [
      'an extractable private CryptoKey',
      '{"cryptoKey":"private","extractable":true,"algorithm":"ECDSA"}',
    ],
    ['a credential bundle', '2'.repeat(40) + 'bXz9kPqR'.repeat(12)],
  ])('finds %s', (_, value) => {
    expect(secretsIn([entry(value)])).toHaveLength(1)
  })

  it('finds a known secret, with or without 0x', () => {
    expect(secretsIn([entry('code: abc123')], { known: ['abc123'] })).toEqual([
      'localStorage wagmi.store: a known secret',
    ])
  })

  it('passes public values: addresses, signatures, a non-extractable key, named public hex', () => {
    const address = privateKeyToAccount(privateKey).address
    const topic = privateKey.slice(2)
    const stored = [
      entry(
        JSON.stringify({ connections: [[address, { accounts: [address] }]] }),
      ),
      entry(`0x${'ab'.repeat(65)}`),
      entry('{"cryptoKey":"private","extractable":false,"algorithm":"ECDSA"}'),
      entry(topic, 'wagmi.walletConnectDeepLink.sessionTopic'),
      entry(`{"${topic}":{"topic":"${topic}"}}`, 'wc@2:client:0.3//session'),
    ]
    expect(secretsIn(stored, { publicValues: [topic] })).toEqual([])
  })

  it('passes an encrypted WalletConnect message whose base64 misses 0, O, I, l, + and / for over 100 characters', () => {
    const base64 = `AAEC+/${'bXz9kPqR'.repeat(15)}0Ol+/IA==`
    expect(secretsIn([entry(JSON.stringify({ message: base64 }))])).toEqual([])
  })
})
