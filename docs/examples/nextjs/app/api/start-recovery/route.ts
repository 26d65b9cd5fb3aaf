// app/api/start-recovery/route.ts
import { passkeyBackend } from '../../../lib/passkeyBackend'

export const POST = passkeyBackend.startRecovery
