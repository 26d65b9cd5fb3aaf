import { randomUUID } from 'node:crypto'
import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { bytesToHex, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { Organization, Wallet, WalletAccount } from './model.js'
import { badRequest, notFound } from './VendorError.js'

type AccountParams = {
  curve?: unknown
  pathFormat?: unknown
  path?: unknown
  addressFormat?: unknown
}

const mnemonicStrength: Record<number, number> = {
  12: 128,
  15: 160,
  18: 192,
  21: 224,
  24: 256,
}

/** A new BIP-39 wallet with its accounts derived (BIP-32, Ethereum addresses). */
export function createWallet({
  walletName,
  accounts,
  mnemonicLength,
  nowMs,
}: {
  walletName?: unknown
  accounts?: unknown
  mnemonicLength?: unknown
  nowMs: number
}): Wallet {
  if (typeof walletName !== 'string' || walletName.length === 0)
    throw badRequest('bad request body')
  const length = mnemonicLength === undefined ? 12 : Number(mnemonicLength)
  const strength = mnemonicStrength[length]
  if (!strength) throw badRequest('invalid mnemonic length')
  const wallet: Wallet = {
    walletId: randomUUID(),
    walletName,
    mnemonic: generateMnemonic(wordlist, strength),
    accounts: [],
    exported: false,
    imported: false,
    createdAtMs: nowMs,
  }
  addAccounts(wallet, accounts, nowMs)
  return wallet
}

export function addAccounts(wallet: Wallet, accounts: unknown, nowMs: number) {
  if (!Array.isArray(accounts)) throw badRequest('bad request body')
  const added = accounts.map((params: unknown) => {
    if (typeof params !== 'object' || params === null)
      throw badRequest('bad request body')
    return deriveAccount(wallet.mnemonic, params as AccountParams, nowMs)
  })
  wallet.accounts.push(...added)
  return added
}

function deriveAccount(
  mnemonic: string,
  { curve, pathFormat, path, addressFormat }: AccountParams,
  nowMs: number,
): WalletAccount {
  if (curve !== 'CURVE_SECP256K1')
    throw badRequest('only CURVE_SECP256K1 is supported by the sandbox')
  if (pathFormat !== 'PATH_FORMAT_BIP32')
    throw badRequest('invalid path format')
  if (addressFormat !== 'ADDRESS_FORMAT_ETHEREUM')
    throw badRequest('only ADDRESS_FORMAT_ETHEREUM is supported by the sandbox')
  if (
    typeof path !== 'string' ||
    !/^m(\/\d+'?)+$/.test(path) ||
    path
      .split('/')
      .slice(1)
      .some((segment) => Number.parseInt(segment, 10) >= 2 ** 31)
  )
    throw badRequest('invalid derivation path')
  const account = mnemonicToAccount(mnemonic, {
    path: path as `m/44'/60'/${string}`,
  })
  return {
    walletAccountId: randomUUID(),
    path,
    address: account.address,
    publicKey: account.publicKey,
    createdAtMs: nowMs,
  }
}

// BIP-39 seeds cost 2048 rounds of PBKDF2: derive each signing key once.
const derivedKeys = new Map<string, Hex>()

function privateKeyOf(wallet: Wallet, account: WalletAccount): Hex {
  const cacheKey = `${wallet.walletId}:${account.path}`
  let privateKey = derivedKeys.get(cacheKey)
  if (!privateKey) {
    const hdKey = mnemonicToAccount(wallet.mnemonic, {
      path: account.path as `m/44'/60'/${string}`,
    }).getHdKey()
    privateKey = bytesToHex(hdKey.privateKey!)
    derivedKeys.set(cacheKey, privateKey)
  }
  return privateKey
}

/** The account that signs for `signWith` (an address) and its private key. */
export function signerFor(
  organization: Organization,
  signWith: unknown,
): { wallet: Wallet; account: WalletAccount; privateKey: Hex } {
  if (typeof signWith !== 'string') throw badRequest('invalid address format')
  for (const wallet of organization.wallets)
    for (const account of wallet.accounts)
      if (account.address.toLowerCase() === signWith.toLowerCase())
        return { wallet, account, privateKey: privateKeyOf(wallet, account) }
  throw notFound(`no wallet account or private key found for ${signWith}`)
}
