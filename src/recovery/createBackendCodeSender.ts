import { HostBackendError } from '../core/errors/hostBackend.js'
import { readHostBackendAnswer } from '../core/readHostBackendAnswer.js'
import type {
  RecoveryStartAnswer,
  RecoveryStartRequest,
} from '../turnkey/hostBackendContract.js'
import type { CodeSender } from './CodeSender.js'
import type { CodeFrame } from './createCodeFrame.js'
import { recoveryCodeValiditySeconds } from './validateRecoveryCode.js'

/**
 * Codes through the host backend: the backend asks the vendor (with the
 * parent API key) to email a code encrypted to an isolated frame's key; the
 * frame decrypts it and stamps with it.
 */
export function createBackendCodeSender({
  start,
  openCodeFrame,
  timeoutMs,
}: {
  start(
    request: RecoveryStartRequest,
    options: { signal: AbortSignal },
  ): Promise<RecoveryStartAnswer | Response>
  openCodeFrame(): Promise<CodeFrame>
  /** How long `start` may take; readHostBackendAnswer's default otherwise. */
  timeoutMs?: number | undefined
}): CodeSender {
  return {
    types: ['email', 'passkey'],
    async send({ email, type }) {
      const frame = await openCodeFrame()
      const answer = await readHostBackendAnswer(
        'recovery.start',
        (signal) =>
          start({ email, type, targetPublicKey: frame.publicKey }, { signal }),
        timeoutMs,
      ).catch((error: unknown) => {
        frame.destroy()
        throw error
      })
      if (answer.accepted !== true) {
        frame.destroy()
        throw new HostBackendError({
          callback: 'recovery.start',
          reason: 'its answer must be `{ accepted: true }`',
        })
      }
      return {
        validitySeconds: recoveryCodeValiditySeconds,
        format: undefined,
        open: frame.open,
        destroy: frame.destroy,
      }
    },
  }
}
