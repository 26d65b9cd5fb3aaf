// setup.ts, run with your server's environment at every deploy: `npx tsx setup.ts`.
// A second run changes nothing and prints the same id.
import { passkeyBackend } from './passkeyBackend'

// Found by name, else created: the same name with another scope or expiration is refused.
const { sessionProfileId, created } =
  await passkeyBackend.ensureSessionProfile()
// Read back only: the vendor's dashboard sets these limits.
const gas = await passkeyBackend.checkGasSponsorship({
  orgWindowLimitUsd: '100',
  windowDurationMinutes: 1440,
})
console.log(
  `passkeyWallet({ session: { profileId: '${sessionProfileId}' } })${created ? ' (new)' : ''}`,
  `Gas Station: $${gas.usageUsd} of $${gas.orgWindowLimitUsd} paid in this window`,
)
