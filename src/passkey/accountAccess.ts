import { type Address, getAddress, isAddress } from 'viem'
import { isUuid } from '../core/checks.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import {
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import { AmbiguousPasskeyError } from './errors.js'
import type { SessionKeys } from './sessionKey.js'

// The user's account at the vendor, as a connection reaches it: the log-in
// (which sub-organization the passkey opens, starting the session key on
// the way) and the Ethereum account there. The runtime and sign-up both use
// it, and it calls neither: control flows one way.

export type AccountAccessParameters = {
  /** The host's parent organization: a log-in that knows no account asks it. */
  parentOrganizationId: string
  /** The vendor, falling back to the passkey when a session key is refused. */
  vendor: VendorClient
  /** Who signs a request now: the session key, else the passkey (`credentialId`'s). */
  stamper(credentialId?: string): Stamper
  /** The passkey (`credentialId`'s when given); `onAssertion` hears which one the user chose. */
  passkeyStamper(
    credentialId?: string,
    signal?: AbortSignal,
    onAssertion?: (credentialId: string) => void,
  ): Stamper
  /** Starts a session key in the log-in's prompt; absent when sessions are off. */
  startSessionKey: SessionKeys['start']
  /**
   * The account this device is connected to in wagmi's storage, read ahead
   * (so that no read comes between the user's tap and the prompt).
   */
  knownOrganization: Promise<string | undefined>
}

/** Log-in, session start and the account's lookup, for the runtime and sign-up. */
export function createAccountAccess({
  parentOrganizationId,
  vendor,
  stamper,
  passkeyStamper,
  startSessionKey,
  knownOrganization: readAhead,
}: AccountAccessParameters) {
  let knownOrganization = readAhead

  /** The user's Ethereum account (`address`'s, when given), asked with `credentialId`'s passkey when no session key signs. */
  const find = (
    organizationId: string,
    credentialId?: string,
    address?: Address,
  ) =>
    findEthereumAccount(vendor, stamper(credentialId), organizationId, address)

  /**
   * A log-in: the passkey (`credentialId`'s when given) finds the user's
   * organization, in one prompt that also opens the session when sessions
   * are on; then the account. The account this device knows is asked
   * first, which a stranger who registered the passkey's public credential
   * id on an account of his cannot confuse.
   */
  async function logIn(signal: AbortSignal, credentialId?: string) {
    let chosen = credentialId
    const choose = (id: string) => {
      chosen = id
    }
    const logInTo = (organizationId: string) =>
      startSessionKey
        ? startSessionKey(organizationId, signal, credentialId, choose)
        : whoseOrganization(
            vendor,
            organizationId,
            passkeyStamper(credentialId, signal, choose),
          )
    const known = await knownOrganization
    const organizationId = await (known
      ? // The passkey of another account: the parent finds which (one more prompt).
        logInTo(known).catch((error: unknown) => {
          if (
            error instanceof VendorRequestError &&
            /could not be found in organization/i.test(error.vendorMessage)
          )
            return logInTo(parentOrganizationId)
          throw error
        })
      : logInTo(parentOrganizationId)
    ).catch((error: unknown) => {
      // The credential id is public: a stranger may have put it on an account of his.
      if (
        error instanceof VendorRequestError &&
        /more than one suborg associated with a credential id/i.test(
          error.vendorMessage,
        )
      )
        throw new AmbiguousPasskeyError({ cause: error })
      throw error
    })
    return {
      organizationId,
      credentialId: chosen,
      ...(await find(organizationId, chosen)),
    }
  }

  return {
    logIn,
    find,
    startSessionKey,
    /** The account a log-in asks first from now on; `undefined` after a disconnect: the parent finds it. */
    remember(organizationId: string | undefined) {
      knownOrganization = Promise.resolve(organizationId)
    },
  }
}

export type AccountAccess = ReturnType<typeof createAccountAccess>

/**
 * The organization the stamper's user logs in to (`whoami`), checked as the
 * server checks the vendor: the page stores it.
 */
export async function whoseOrganization(
  vendor: VendorClient,
  organizationId: string,
  stamper: Stamper,
) {
  const answer = await vendor.query<{ organizationId?: unknown } | null>(
    'whoami',
    { organizationId },
    stamper,
  )
  const id = answer?.organizationId
  if (typeof id !== 'string' || !isUuid(id))
    throw unexpectedVendorAnswer('whoami returned no organizationId UUID')
  return id
}

/**
 * The account's Ethereum address (`address`'s, when given) and its wallet,
 * from `list_wallet_accounts`, checked: the page stores them.
 */
export async function findEthereumAccount(
  vendor: VendorClient,
  stamper: Stamper,
  organizationId: string,
  address?: Address,
) {
  const answer = await vendor.query<{ accounts?: unknown } | null>(
    'list_wallet_accounts',
    { organizationId },
    stamper,
  )
  if (!Array.isArray(answer?.accounts))
    throw unexpectedVendorAnswer('list_wallet_accounts returned no accounts')
  const ethereum = (
    answer.accounts as {
      address?: unknown
      addressFormat?: unknown
      walletId?: unknown
    }[]
  ).flatMap((account) =>
    account?.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' &&
    typeof account.address === 'string' &&
    isAddress(account.address, { strict: false }) &&
    typeof account.walletId === 'string' &&
    account.walletId !== ''
      ? [{ address: getAddress(account.address), walletId: account.walletId }]
      : [],
  )
  const found = address
    ? ethereum.find((account) => account.address === address)
    : ethereum[0]
  if (!found)
    throw new SessionNotFoundError({
      cause: new Error('The account has no Ethereum wallet.'),
    })
  return found
}
