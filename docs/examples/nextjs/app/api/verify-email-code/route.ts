// app/api/verify-email-code/route.ts
import { passkeyBackend } from '../../../lib/passkeyBackend'

export const POST = (request: Request) =>
  passkeyBackend().verifyEmailCode(request)
