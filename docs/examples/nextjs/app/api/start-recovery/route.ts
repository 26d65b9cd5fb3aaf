// app/api/start-recovery/route.ts
import { passkeyBackend } from '../../../lib/passkeyBackend'

export const POST = (request: Request) =>
  passkeyBackend().startRecovery(request)
