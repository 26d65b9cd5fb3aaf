import { type Address, getAddress, isAddress } from 'viem'
import { decodeBase58, decodeBech32 } from './addressEncodings.js'
import { BaseError } from './errors.js'

/** The chain namespaces the pack understands. */
export const caipNamespaces = [
  'eip155',
  'solana',
  'cosmos',
  'polkadot',
  'cip34',
  'elrond',
  'multiversx',
  'near',
] as const

export type CaipNamespace = (typeof caipNamespaces)[number]

function isCaipNamespace(value: string): value is CaipNamespace {
  return (caipNamespaces as readonly string[]).includes(value)
}

type CaipNamespaceRule = {
  /** What a reference looks like, said to the developer when one is wrong. */
  reference: string
  isReference(reference: string): boolean
  /** What an address looks like, said to the developer when one is wrong. */
  address: string
  /** The address in canonical form, or `undefined` when it is not one. */
  normalizeAddress(address: string): string | undefined
}

const multiversx: CaipNamespaceRule = {
  reference: 'a chain id such as "1", "D" or "T"',
  isReference: (reference) => /^[-_a-zA-Z0-9]{1,32}$/.test(reference),
  address: 'a bech32 "erd1…" address of a 32-byte public key',
  normalizeAddress(address) {
    const decoded = decodeBech32(address)
    return decoded?.prefix === 'erd' && decoded.bytes.length === 32
      ? address.toLowerCase()
      : undefined
  },
}

const nearAccountId = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/
const cardanoPrefixes = ['addr', 'addr_test', 'stake', 'stake_test']

/** Per-namespace rules from the CAIP namespace profiles. */
const caipNamespaceRules: Record<CaipNamespace, CaipNamespaceRule> = {
  eip155: {
    reference: 'a decimal chain id without leading zeros',
    isReference: (reference) => /^[1-9][0-9]{0,31}$/.test(reference),
    address: '0x followed by 40 hex characters, checksummed or single-case',
    normalizeAddress: (address) =>
      isAddress(address) ? getAddress(address) : undefined,
  },
  solana: {
    reference: 'the first 32 base58 characters of the genesis hash',
    isReference: (reference) => /^[1-9A-HJ-NP-Za-km-z]{32}$/.test(reference),
    address: 'a base58 public key of 32 bytes',
    normalizeAddress: (address) =>
      address.length <= 44 && decodeBase58(address)?.length === 32
        ? address
        : undefined,
  },
  cosmos: {
    reference: 'a chain id of letters, digits and "-", at most 32 characters',
    isReference: (reference) => /^[-a-zA-Z0-9]{1,32}$/.test(reference),
    address: 'a bech32 address with a valid checksum',
    normalizeAddress: (address) =>
      decodeBech32(address) ? address.toLowerCase() : undefined,
  },
  polkadot: {
    reference: 'the first 32 lowercase hex characters of the genesis hash',
    isReference: (reference) => /^[0-9a-f]{32}$/.test(reference),
    address: 'an SS58 address of a 32-byte public key',
    normalizeAddress(address) {
      const length = address.length <= 50 ? decodeBase58(address)?.length : 0
      return length === 35 || length === 36 ? address : undefined
    },
  },
  cip34: {
    reference: '"networkId-networkMagic", e.g. "1-764824073"',
    isReference: (reference) => /^[0-9]{1,3}-[0-9]{1,10}$/.test(reference),
    address: 'a bech32 "addr…" or "stake…" Cardano address',
    normalizeAddress(address) {
      const decoded = decodeBech32(address, { maxLength: 128 })
      return decoded && cardanoPrefixes.includes(decoded.prefix)
        ? address.toLowerCase()
        : undefined
    },
  },
  elrond: multiversx,
  multiversx,
  near: {
    reference: 'a network name such as "mainnet" or "testnet"',
    isReference: (reference) => /^[-a-z0-9]{1,32}$/.test(reference),
    address: 'a NEAR account id of 2 to 64 lowercase characters',
    normalizeAddress: (address) =>
      address.length >= 2 && address.length <= 64 && nearAccountId.test(address)
        ? address
        : undefined,
  },
}

export type CaipChainId = { namespace: CaipNamespace; reference: string }

/**
 * Parses a CAIP-2 chain id such as `eip155:8453`.
 * @throws InvalidCaipChainIdError, UnsupportedCaipNamespaceError
 */
export function parseCaipChainId(value: unknown): CaipChainId {
  if (typeof value !== 'string')
    throw new InvalidCaipChainIdError({ value, reason: 'not a string' })
  const parts = value.split(':')
  if (parts.length !== 2)
    throw new InvalidCaipChainIdError({
      value,
      reason: `expected 2 parts separated by ":", got ${parts.length}`,
    })
  const [namespace, reference] = parts as [string, string]
  return checkCaipChainId(value, namespace, reference)
}

/** Validates an already split chain id; `value` is what the error quotes. */
function checkCaipChainId(
  value: string,
  namespace: string,
  reference: string,
): CaipChainId {
  if (!isCaipNamespace(namespace)) {
    // CAIP-2 caps namespaces at 8 characters; "multiversx" is a known exception.
    if (!/^[-a-z0-9]{3,8}$/.test(namespace))
      throw new InvalidCaipChainIdError({
        value,
        reason: 'the namespace must be 3 to 8 lowercase letters, digits or "-"',
      })
    throw new UnsupportedCaipNamespaceError({ namespace })
  }
  const rule = caipNamespaceRules[namespace]
  if (!rule.isReference(reference))
    throw new InvalidCaipChainIdError({
      value,
      reason: `the ${namespace} reference must be ${rule.reference}`,
    })
  return { namespace, reference }
}

export type FormatCaipChainIdParameters = {
  namespace: CaipNamespace
  /** For eip155 the numeric chain id may be given as a number. */
  reference: string | number
}

/**
 * `{ namespace: 'eip155', reference: 8453 }` → `'eip155:8453'`.
 * @throws InvalidCaipChainIdError, UnsupportedCaipNamespaceError
 */
export function formatCaipChainId({
  namespace,
  reference,
}: FormatCaipChainIdParameters): `${CaipNamespace}:${string}` {
  const text = String(reference)
  checkCaipChainId(`${namespace}:${text}`, namespace, text)
  return `${namespace}:${text}`
}

export type CaipAccount = CaipChainId & { address: string }

/**
 * Parses a CAIP-10 account such as `eip155:1:0xab16…fcdb`. The address comes
 * back in its namespace's canonical form (EIP-55 checksum for eip155).
 * @throws InvalidCaipAccountError, UnsupportedCaipNamespaceError
 */
export function parseCaipAccount(value: unknown): CaipAccount {
  if (typeof value !== 'string')
    throw new InvalidCaipAccountError({ value, reason: 'not a string' })
  const parts = value.split(':')
  if (parts.length !== 3)
    throw new InvalidCaipAccountError({
      value,
      reason: `expected 3 parts separated by ":", got ${parts.length}`,
    })
  const [namespace, reference, address] = parts as [string, string, string]
  const chainId = (() => {
    try {
      return checkCaipChainId(`${namespace}:${reference}`, namespace, reference)
    } catch (error) {
      if (!(error instanceof InvalidCaipChainIdError)) throw error
      throw new InvalidCaipAccountError({
        value,
        reason: error.reason,
        cause: error,
      })
    }
  })()
  const rule = caipNamespaceRules[chainId.namespace]
  const normalized = rule.normalizeAddress(address)
  if (normalized === undefined)
    throw new InvalidCaipAccountError({
      value,
      reason: `the ${chainId.namespace} address must be ${rule.address}`,
    })
  return { ...chainId, address: normalized }
}

/** An eip155 CAIP-10 account's chain id and checksummed address; `undefined` for anything else. */
export function readEip155Account(
  value: unknown,
): { chainId: number; address: Address } | undefined {
  try {
    const { namespace, reference, address } = parseCaipAccount(value)
    return namespace === 'eip155'
      ? { chainId: Number(reference), address: address as Address }
      : undefined
  } catch {
    return undefined
  }
}

/** An eip155 CAIP-2 chain id's number (`eip155:8453` → 8453); `undefined` for anything else. */
export function readEip155ChainId(value: unknown): number | undefined {
  try {
    const { namespace, reference } = parseCaipChainId(value)
    return namespace === 'eip155' ? Number(reference) : undefined
  } catch {
    return undefined
  }
}

export type FormatCaipAccountParameters = {
  namespace: CaipNamespace
  reference: string | number
  address: string
}

/**
 * `{ namespace: 'eip155', reference: 1, address }` → `'eip155:1:0x…'`, with
 * the address in canonical form.
 * @throws InvalidCaipAccountError, UnsupportedCaipNamespaceError
 */
export function formatCaipAccount({
  namespace,
  reference,
  address,
}: FormatCaipAccountParameters): `${CaipNamespace}:${string}:${string}` {
  const account = parseCaipAccount(`${namespace}:${reference}:${address}`)
  return `${account.namespace}:${account.reference}:${account.address}`
}

type InvalidCaipParameters = { value: unknown; reason: string; cause?: unknown }

function show(value: unknown) {
  let text: string
  try {
    text = typeof value === 'string' ? value : String(value)
  } catch {
    // An object without a prototype has no toString.
    text = Object.prototype.toString.call(value)
  }
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

export type InvalidCaipChainIdErrorType = InvalidCaipChainIdError & {
  name: 'InvalidCaipChainIdError'
}
/** Not a CAIP-2 chain id (`namespace:reference`) of a supported namespace. */
export class InvalidCaipChainIdError extends BaseError {
  override name = 'InvalidCaipChainIdError'
  static get code() {
    return 'invalid_caip_chain_id' as const
  }
  readonly reason: string
  constructor({ value, reason, cause }: InvalidCaipParameters) {
    super(`Invalid CAIP-2 chain id ${show(value)}: ${reason}.`, {
      code: InvalidCaipChainIdError.code,
      cause,
      metaMessages: ['Expected "namespace:reference", e.g. "eip155:1".'],
    })
    this.reason = reason
  }
}

export type InvalidCaipAccountErrorType = InvalidCaipAccountError & {
  name: 'InvalidCaipAccountError'
}
/** Not a CAIP-10 account (`namespace:reference:address`) of a supported namespace. */
export class InvalidCaipAccountError extends BaseError {
  override name = 'InvalidCaipAccountError'
  static get code() {
    return 'invalid_caip_account' as const
  }
  constructor({ value, reason, cause }: InvalidCaipParameters) {
    super(`Invalid CAIP-10 account ${show(value)}: ${reason}.`, {
      code: InvalidCaipAccountError.code,
      cause,
      metaMessages: [
        'Expected "namespace:reference:address", e.g. "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb".',
      ],
    })
  }
}

export type UnsupportedCaipNamespaceErrorType =
  UnsupportedCaipNamespaceError & {
    name: 'UnsupportedCaipNamespaceError'
  }
export class UnsupportedCaipNamespaceError extends BaseError {
  override name = 'UnsupportedCaipNamespaceError'
  static get code() {
    return 'unsupported_caip_namespace' as const
  }
  constructor({ namespace }: { namespace: string }) {
    super(`Unsupported chain namespace ${show(namespace)}.`, {
      code: UnsupportedCaipNamespaceError.code,
      metaMessages: [`Supported namespaces: ${caipNamespaces.join(', ')}.`],
    })
  }
}
