// app/api/create-account/route.ts
import { passkeyBackend } from '../../../lib/passkeyBackend'

export const POST = (request: Request) => passkeyBackend().signUp(request)
