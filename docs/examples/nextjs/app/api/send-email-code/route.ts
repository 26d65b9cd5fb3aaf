// app/api/send-email-code/route.ts
import { passkeyBackend } from '../../../lib/passkeyBackend'

export const POST = passkeyBackend.sendEmailCode
