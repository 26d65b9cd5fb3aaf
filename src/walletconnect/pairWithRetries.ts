import {
  ConnectionRejectedError,
  userRejection,
} from '../core/connectionErrors.js'
import {
  PairingAbortedError,
  PairingAttemptsExhaustedError,
  PairingResetError,
} from './errors.js'

/** SPEC §9. */
export const maxPairingAttempts = 10
const reinitialiseWaitMs = 1000

const expired = /(proposal|pairing|request) expired/i
const rejected = /user rejected|rejected by (the )?user/i
const reset = /connection request reset/i

export type PairWithRetriesParameters<result> = {
  /** One pairing: a fresh URI is shown, resolves once the wallet approved. */
  pairOnce(attempt: number): Promise<result>
  /** The attempt to start from: a prepared proposal's renewals count too. */
  firstAttempt?: number | undefined
  /** After a rejection the provider is built anew (SPEC §4). */
  reinitialise(): Promise<void>
  /** True once the host gave up (disconnect during pairing). */
  aborted(): boolean
  wait?: ((ms: number) => Promise<void>) | undefined
}

/**
 * Pairs, renewing an expired proposal with a fresh URI up to attempt 10. A
 * rejection re-initialises the provider, waits 1000 ms and fails with viem's
 * UserRejectedRequestError (4001) reading 'Connection rejected. Please try
 * again.', whose cause is ConnectionRejectedError (`connection_rejected`).
 */
export async function pairWithRetries<result>({
  pairOnce,
  firstAttempt = 1,
  reinitialise,
  aborted,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: PairWithRetriesParameters<result>): Promise<result> {
  for (let attempt = firstAttempt; ; attempt++) {
    try {
      const paired = await pairOnce(attempt)
      if (aborted()) throw new PairingAbortedError()
      return paired
    } catch (error) {
      if (aborted() || error instanceof PairingAbortedError)
        throw new PairingAbortedError()
      const message = String((error as Error)?.message ?? error)
      if (expired.test(message)) {
        if (attempt >= maxPairingAttempts)
          throw new PairingAttemptsExhaustedError({ attempts: attempt })
        continue
      }
      if (reset.test(message)) throw new PairingResetError({ cause: error })
      if (rejected.test(message)) {
        await reinitialise()
        await wait(reinitialiseWaitMs)
        throw userRejection(new ConnectionRejectedError({ cause: error }))
      }
      throw error
    }
  }
}
