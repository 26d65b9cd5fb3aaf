import { sameEmail } from './emails.js'
/** What the emulator "emails": recovery bundles, email-auth bundles, OTP codes. */
export type Email = {
  to: string
  kind: 'recovery' | 'email_auth' | 'otp'
  subject: string
  /** The credential bundle (recovery, email auth) or the code (OTP). */
  secret: string
  /** The magic link, when the request gave a template. */
  link?: string | undefined
  sentAtMs: number
}

export class Outbox {
  private readonly emails: Email[] = []

  /** `onSend` lets `npm run sandbox` print each email as it is sent. */
  constructor(private readonly onSend?: (email: Email) => void) {}

  send(email: Email) {
    this.emails.push(email)
    this.onSend?.(email)
  }

  clear() {
    this.emails.length = 0
  }

  /** Emails to `to`, newest last. */
  to(to: string): Email[] {
    return this.emails.filter((email) => sameEmail(email.to, to))
  }
}
