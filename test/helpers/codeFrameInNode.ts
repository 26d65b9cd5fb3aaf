import { InvalidEmailCodeError } from '../../src/core/emailCode.js'
import type { CodeFrame } from '../../src/recovery/codeFrame.js'
import { importRecoveryCredential } from '../../src/turnkey/apiKeyStamper.js'
import {
  generateRecipientKey,
  openCredentialBundle,
} from '../../src/turnkey/bundles.js'

/**
 * What the isolated frame does (src/exportFrame/main.ts), for flows tested in
 * Node where there is no browser to hold a frame: the same code opens the
 * bundle and stamps; a refused code reads as the page reads the frame's refusal.
 */
export async function codeFrameInNode(): Promise<CodeFrame> {
  const recipient = await generateRecipientKey()
  return {
    publicKey: recipient.publicKeyHex,
    async open(code) {
      const key = await openCredentialBundle(code, recipient).catch(
        (refused: Error) => {
          throw new InvalidEmailCodeError({
            purpose: 'recovery',
            reason: `the recovery frame refused the code: ${refused.message}`,
          })
        },
      )
      return importRecoveryCredential(key)
    },
    destroy() {},
  }
}
