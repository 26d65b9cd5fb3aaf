import { injectedWallet } from '../../../src/injected/injectedWallet.js'
import { walletConnectDeepLink } from '../../../src/walletconnect/walletConnectDeepLink.js'
import { bad, type Case, runCases } from './cases.js'

// Bad options to walletConnectDeepLink and injectedWallet.

const cases: Case[] = [
  // --- walletConnectDeepLink(options) --------------------------------------
  bad({
    source: 'walletConnectDeepLink options',
    name: 'no project id',
    input: {},
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        'walletConnectDeepLink: `projectId` must be your WalletConnect project id.',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a numeric project id',
    input: { projectId: 12345 },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        'walletConnectDeepLink: `projectId` must be your WalletConnect project id.',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a relay on https://',
    input: { projectId: 'p', relayUrl: 'https://relay.walletconnect.org' },
    run: (input) => walletConnectDeepLink(input),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        'walletConnectDeepLink: `relayUrl` must be a ws:// or wss:// URL.',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'an unknown deep-link preference',
    input: { projectId: 'p', deepLink: 'app' },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message:
        "walletConnectDeepLink: `deepLink` must be 'native' or 'universal'.",
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'an unknown switching mode',
    input: { projectId: 'p', switching: 'never' },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      message: "walletConnectDeepLink: `switching` must be 'app' or 'wallet'.",
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a misspelt wallet id',
    input: { projectId: 'p', wallet: 'metamsk' },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      messageIncludes: '`wallet` must be a registered wallet id',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'wallet: null',
    input: { projectId: 'p', wallet: null },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      messageIncludes: '`wallet` must be a registered wallet id',
    },
  }),
  bad({
    source: 'walletConnectDeepLink options',
    name: 'a wallet descriptor whose app link is a number (JSON config)',
    input: {
      projectId: 'p',
      wallet: { id: 'acme', name: 'Acme', walletConnect: { native: 42 } },
    },
    run: (input) => walletConnectDeepLink(input as never),
    expected: {
      throws: 'InvalidWalletConnectParameterError',
      messageIncludes: '`wallet`',
    },
  }),

  // --- injectedWallet(options) ---------------------------------------------
  bad({
    source: 'injectedWallet options',
    name: 'a misspelt registry id',
    input: 'metamsk',
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      message:
        'injectedWallet: `wallet` must be a registry id or a descriptor with an id and a name, got "metamsk".',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a prototype key as the wallet id',
    input: '__proto__',
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got "__proto__"',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'wallet: null',
    input: null,
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got null',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'a descriptor without a name',
    input: { id: 'acme' },
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: {
      throws: 'InvalidInjectedWalletParameterError',
      messageIncludes: 'got {"id":"acme"}',
    },
  }),
  bad({
    source: 'injectedWallet options',
    name: 'no options at all',
    input: undefined,
    run: (input) => injectedWallet(input as never),
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
    run: (wallet) => injectedWallet({ wallet: wallet as never }),
    expected: { throws: 'InvalidInjectedWalletParameterError' },
  }),
]

runCases(cases)
