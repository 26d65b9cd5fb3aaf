// setup.ts, run once with your server's environment: `npx tsx setup.ts`. Keep the id it prints.
import { passkeyBackend } from './passkeyBackend'

const { sessionProfileId } = await passkeyBackend.createSessionProfile()
console.log(`passkeyWallet({ session: { profileId: '${sessionProfileId}' } })`)
