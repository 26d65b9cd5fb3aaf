// setup.ts, run with your server's environment: `npx tsx setup.ts`. Run again, it finds the same profile.
import { passkeyBackend } from './passkeyBackend'

const { sessionProfileId } = await passkeyBackend.ensureSessionProfile()
console.log(`passkeyWallet({ session: { profileId: '${sessionProfileId}' } })`)
