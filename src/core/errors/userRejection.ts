import { UserRejectedRequestError } from 'viem'
import { providerErrorCode } from '../providerErrorCode.js'
import type { BaseError } from './BaseError.js'
import { SwitchChainRejectedError } from './chain.js'

/**
 * A user's "no", as wagmi's connectors give it: viem's
 * UserRejectedRequestError (code 4001), so `code === 4001` and
 * `instanceof UserRejectedRequestError` recognise every refusal. Its cause
 * is the pack's error that says what was refused (its `code` reachable by
 * `walk()`), and its words are that error's.
 */
export function userRejection(refused: BaseError): UserRejectedRequestError {
  const rejection = new UserRejectedRequestError(refused)
  const [, ...rest] = rejection.message.split('\n')
  rejection.shortMessage = refused.shortMessage
  rejection.message = [refused.shortMessage, ...rest].join('\n')
  return rejection
}

/** A wallet's own refusal of a request: EIP-1193's 4001, or WalletConnect's USER_REJECTED (5000). */
export function isWalletRejection(error: unknown): boolean {
  const code = providerErrorCode(error)
  return code === 4001 || code === 5000
}

/** A wallet's refusal of a network switch, as every connector gives it; any other error as it came. */
export function asSwitchRejection(error: unknown, chainId: number): unknown {
  if (!isWalletRejection(error)) return error
  return userRejection(new SwitchChainRejectedError({ chainId, cause: error }))
}
