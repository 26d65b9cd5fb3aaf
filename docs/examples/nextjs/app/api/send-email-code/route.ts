// app/api/send-email-code/route.ts
import { passkeyBackend } from '../../../lib/passkeyBackend'

export const POST = (request: Request) =>
  passkeyBackend().sendEmailCode(request)
