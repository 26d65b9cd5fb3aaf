import type { RecoverySnapshot } from '../recovery/createRecoveryFlow.js'
import { formatDuration } from './formatDuration.js'

/** What the recovery panel shows, step by step. */
export type RecoveryView = 'email' | 'code' | 'passkey' | 'sign-in' | 'done'

/** The panel's view for where the flow stands (`signedIn`: this panel's own sign-in connected). */
export function recoveryView(
  snapshot: RecoverySnapshot,
  signedIn: boolean,
): RecoveryView {
  const { step } = snapshot
  if (signedIn) return 'done'
  if (step === 'idle' || step === 'sending-email') return 'email'
  if (step === 'waiting-for-code' || step === 'verifying-code') return 'code'
  if (step === 'passkey-created') return 'sign-in'
  return 'passkey'
}

/** The status line: where the recovery stands, and what to do next. */
export function recoveryStatus(
  snapshot: RecoverySnapshot,
  {
    signedInAs,
    signingIn,
  }: { signedInAs: string | undefined; signingIn: boolean },
): string {
  if (signedInAs !== undefined)
    return `Done. Your wallet ${signedInAs} is connected with your new passkey.`
  switch (snapshot.step) {
    case 'idle':
      return snapshot.interrupted
        ? 'A recovery was in progress when this page was reloaded. For your safety a code works only in the page that asked for it: send a new code.'
        : 'Enter the email of your account and we will send you a code.'
    case 'sending-email':
      return 'Sending email…'
    case 'waiting-for-code':
      return `We sent a code to ${snapshot.email}. ${snapshot.codeFormat ? 'Type' : 'Paste'} it below.`
    case 'verifying-code':
      return 'Checking the code…'
    case 'ready-to-create-passkey':
      return 'Code accepted. Create a new passkey for this device.'
    case 'creating-passkey':
      return 'Creating passkey… Follow the prompt of your device.'
    case 'passkey-created':
      return signingIn
        ? 'Signing in… Follow the prompt of your device.'
        : 'Passkey created. Sign in with it to open your wallet.'
  }
}

/** The time left that matters in this view: the code's, or the recovery session's. */
export function recoveryTimer(
  view: RecoveryView,
  {
    interrupted,
    codeSecondsLeft,
    sessionSecondsLeft,
  }: {
    interrupted: boolean
    codeSecondsLeft: number | undefined
    sessionSecondsLeft: number | undefined
  },
): string {
  if (view === 'code' && codeSecondsLeft !== undefined)
    return codeSecondsLeft > 0
      ? `The code works for ${formatDuration(codeSecondsLeft)} more.`
      : 'The code has expired: send a new one.'
  if (
    sessionSecondsLeft !== undefined &&
    (view === 'passkey' ||
      (view === 'email' && interrupted && sessionSecondsLeft))
  )
    return `Recovery session ends in ${formatDuration(sessionSecondsLeft)}.`
  return ''
}
