// app/api/create-account/route.ts
import { passkeyBackend } from '../../../lib/passkeyBackend'

export const POST = passkeyBackend.signUp
