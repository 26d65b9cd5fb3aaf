import { vi } from 'vitest'
import { transactionWhileCodeLoads } from '../helpers/transactionAcrossAccounts.js'

/*
 * passkeyWallet's transaction code loads with the first transaction. Here
 * that load is held open while the user who asked disconnects and another
 * user logs in: the transaction is refused and never sent to the vendor for
 * the second account. (Its caller is refused by the disconnect either way;
 * what the vendor is asked to sign is what tells.)
 */

// Hoisted above the imports, as vi.mock is: the gate module imports nothing.
const transactionCode = await vi.hoisted(() =>
  import('../helpers/gate.js').then(({ createGate }) => createGate()),
)
vi.mock('../../src/passkey/answerTransactionRequest.js', (original) =>
  transactionCode.hold(original),
)

transactionWhileCodeLoads(
  'a transaction asked while the transaction code loads, then another account logs in: refused, not signed for it',
  { gate: transactionCode, meanwhile: 'second logs in', outcome: 'refused' },
)
