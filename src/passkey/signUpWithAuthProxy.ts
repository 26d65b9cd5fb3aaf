import { type Address, getAddress, isAddress } from 'viem'
import { isUuid } from '../core/checks.js'
import {
  AuthProxyError,
  unexpectedProxyAnswer,
} from '../turnkey/AuthProxyError.js'
import type { AuthProxyClient } from '../turnkey/createAuthProxyClient.js'
import {
  type CreateAccountRequest,
  signUpRootUser,
  signUpWallet,
  subOrganizationName,
} from '../turnkey/hostBackendContract.js'

/** The account the proxy's sign-up made: the sub-organization, and its wallet's first address. */
export type AuthProxySignUp = {
  organizationId: string
  /** Present when the proxy answered the wallet it made (it does when asked for one). */
  account: { address: Address; walletId: string } | undefined
}

/**
 * Sign-up through the vendor's Auth Proxy (`signup`), the same account the
 * host backend's handler makes: a sub-organization whose one root user holds
 * the passkey (quorum 1) and the email with its proof, with an Ethereum account at
 * `m/44'/60'/0'/0/0`. The request's name and email come normalized (trimmed,
 * the email in lower case). `onAnswer` is called once the proxy answered at all.
 */
export async function signUpWithAuthProxy(
  client: AuthProxyClient,
  request: CreateAccountRequest,
  onAnswer: () => void,
): Promise<AuthProxySignUp> {
  const { userName, userEmail, ...credentials } = signUpRootUser(request)
  const answer = await client
    .post<{
      organizationId?: unknown
      wallet?: { walletId?: unknown; addresses?: unknown }
    }>('signup', {
      userName,
      organizationName: subOrganizationName(userName),
      ...credentials,
      wallet: signUpWallet,
      // An email goes only with its proof: the proxy would keep it unproven.
      ...(userEmail &&
        request.verificationToken && {
          userEmail,
          verificationToken: request.verificationToken,
          clientSignature: request.clientSignature,
        }),
    })
    .then(
      (value) => {
        onAnswer()
        return value
      },
      (error: unknown) => {
        if (error instanceof AuthProxyError && error.status !== undefined)
          onAnswer()
        throw error
      },
    )
  const { organizationId, wallet } = answer
  if (!isUuid(organizationId))
    throw unexpectedProxyAnswer(
      'signup',
      'the answer has no organizationId UUID',
    )
  const address = Array.isArray(wallet?.addresses)
    ? wallet.addresses[0]
    : undefined
  const walletId = wallet?.walletId
  return {
    organizationId,
    account:
      typeof address === 'string' &&
      isAddress(address, { strict: false }) &&
      typeof walletId === 'string'
        ? { address: getAddress(address), walletId }
        : undefined,
  }
}
