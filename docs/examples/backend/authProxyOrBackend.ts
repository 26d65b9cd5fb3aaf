import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { createAccount, emailCode, recovery } from './calls'

// No backend: the vendor's Auth Proxy (config id and allowed origins from the vendor's dashboard).
export const withAuthProxy = passkeyWallet({
  organizationId: '<parent org>',
  session: { profileId: '<session profile>' },
  authProxy: { configId: '<Auth Proxy config>' },
})
// Your backend: the four routes below.
export const withBackend = passkeyWallet({
  organizationId: '<parent org>',
  session: { profileId: '<session profile>' },
  createAccount,
  emailCode,
  recovery,
})
