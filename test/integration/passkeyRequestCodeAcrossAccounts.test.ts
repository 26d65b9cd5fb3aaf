import { vi } from 'vitest'
import { transactionWhileCodeLoads } from '../helpers/transactionAcrossAccounts.js'

/*
 * passkeyWallet's code that answers requests loads with the first request.
 * Here that load is held open while the user who asked disconnects and
 * another user logs in: what was asked of the first account is refused, not
 * answered for the second, even a transaction that names no sender.
 */

// Hoisted above the imports, as vi.mock is: the gate module imports nothing.
const requestCode = await vi.hoisted(() =>
  import('../helpers/gate.js').then(({ createGate }) => createGate()),
)
vi.mock('../../src/passkey/passkeyProvider.js', (original) =>
  requestCode.hold(original),
)

transactionWhileCodeLoads(
  'a transaction asked while the request code loads, then another account logs in: refused, not signed for it',
  { gate: requestCode, meanwhile: 'second logs in', outcome: 'refused' },
)
