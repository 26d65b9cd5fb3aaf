import { vi } from 'vitest'
import { transactionWhileCodeLoads } from '../helpers/transactionAcrossAccounts.js'

/*
 * passkeyWallet's transaction code loads with the first transaction. Here
 * that load is held open while the page reconnects the same user, as
 * WagmiProvider does when it renders again: the transaction is still the
 * user's, and is signed for them.
 */

// Hoisted above the imports, as vi.mock is: the gate module imports nothing.
const transactionCode = await vi.hoisted(() =>
  import('../helpers/gate.js').then(({ createGate }) => createGate()),
)
vi.mock('../../src/passkey/answerTransactionRequest.js', (original) =>
  transactionCode.hold(original),
)

transactionWhileCodeLoads(
  'a transaction asked while the transaction code loads, then the page reconnects the same account: signed for it',
  {
    gate: transactionCode,
    meanwhile: 'first reconnects',
    outcome: 'signed for the first',
  },
)
