// @vitest-environment happy-dom
import { injectedWallet } from '../../../src/injected/injectedWallet.js'
import { walletConnectDeepLink } from '../../../src/walletconnect/walletConnectDeepLink.js'
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import { connectCreated } from '../../helpers/badInputFixtures.js'

// Bad options to walletConnectDeepLink and injectedWallet.

/** A walletConnectDeepLink option that connect() must refuse with its typed error. */
function badWalletConnectOption(
  name: string,
  input: Record<string, unknown>,
  expected: { message: string } | { messageIncludes: string },
): Case {
  return bad({
    source: 'walletConnectDeepLink options',
    name,
    input,
    run: (options) =>
      connectCreated(() => walletConnectDeepLink(options as never)),
    expected: { throws: 'InvalidWalletConnectParameterError', ...expected },
  })
}

const cases: Case[] = [
  // --- walletConnectDeepLink(options) --------------------------------------
  badWalletConnectOption(
    'no project id',
    {},
    {
      message:
        'walletConnectDeepLink: `projectId` must be your WalletConnect project id.',
    },
  ),
  badWalletConnectOption(
    'a numeric project id',
    { projectId: 12345 },
    {
      message:
        'walletConnectDeepLink: `projectId` must be your WalletConnect project id.',
    },
  ),
  badWalletConnectOption(
    'a relay on https://',
    { projectId: 'p', relayUrl: 'https://relay.walletconnect.org' },
    {
      message:
        'walletConnectDeepLink: `relayUrl` must be a ws:// or wss:// URL.',
    },
  ),
  badWalletConnectOption(
    'a relay given as a URL object, not its string',
    {
      projectId: 'p',
      relayUrl: new URL('wss://relay.walletconnect.org'),
    },
    {
      message:
        'walletConnectDeepLink: `relayUrl` must be a ws:// or wss:// URL.',
    },
  ),
  badWalletConnectOption(
    'an unknown deep-link preference',
    { projectId: 'p', deepLink: 'app' },
    {
      message:
        "walletConnectDeepLink: `deepLink` must be 'native' or 'universal'.",
    },
  ),
  badWalletConnectOption(
    'an unknown switching mode',
    { projectId: 'p', switching: 'never' },
    {
      message: "walletConnectDeepLink: `switching` must be 'app' or 'wallet'.",
    },
  ),
  badWalletConnectOption(
    'a misspelt wallet id',
    { projectId: 'p', wallet: 'metamsk' },
    {
      messageIncludes: '`wallet` must be a wallet descriptor',
    },
  ),
  badWalletConnectOption(
    "a registry wallet's id instead of its descriptor",
    { projectId: 'p', wallet: 'trust' },
    {
      message:
        "walletConnectDeepLink: `wallet` must be a wallet descriptor: `import { trust } from 'wagmi-connector-pack/walletconnect'`, then `wallet: trust`.",
    },
  ),
  badWalletConnectOption(
    'wallet: null',
    { projectId: 'p', wallet: null },
    {
      messageIncludes: '`wallet` must be a wallet descriptor',
    },
  ),
  badWalletConnectOption(
    'a wallet descriptor whose app link is a number (JSON config)',
    {
      projectId: 'p',
      wallet: { id: 'acme', name: 'Acme', walletConnect: { native: 42 } },
    },
    {
      messageIncludes: '`wallet`',
    },
  ),

  // --- injectedWallet(options) ---------------------------------------------
  bad({
    source: 'injectedWallet options',
    name: 'a misspelt wallet id',
    input: 'metamsk',
    run: (wallet) =>
      connectCreated(() => injectedWallet({ wallet: wallet as never })),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      message:
        'injectedWallet: `wallet` must be a wallet descriptor with an id and a name, such as `metamask` from \'wagmi-connector-pack/injected\', got "metamsk".',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: "a registry wallet's id instead of its descriptor",
    input: 'rabby',
    run: (wallet) =>
      connectCreated(() => injectedWallet({ wallet: wallet as never })),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got "rabby"',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a prototype key as the wallet id',
    input: '__proto__',
    run: (wallet) =>
      connectCreated(() => injectedWallet({ wallet: wallet as never })),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got "__proto__"',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'wallet: null',
    input: null,
    run: (wallet) =>
      connectCreated(() => injectedWallet({ wallet: wallet as never })),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got null',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a descriptor without a name',
    input: { id: 'acme' },
    run: (wallet) =>
      connectCreated(() => injectedWallet({ wallet: wallet as never })),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got {"id":"acme"}',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'no options at all',
    input: undefined,
    run: (input) => connectCreated(() => injectedWallet(input as never)),
    expected: { throws: 'InvalidInjectedWalletParameterError' },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a nameless descriptor that refers to itself (a class instance)',
    input: (() => {
      const wallet: Record<string, unknown> = { id: 'acme' }
      wallet.self = wallet
      return wallet
    })(),
    run: (wallet) =>
      connectCreated(() => injectedWallet({ wallet: wallet as never })),
    expected: { throws: 'InvalidInjectedWalletParameterError' },
  }),
]

runCases(cases)
