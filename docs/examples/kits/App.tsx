// App.tsx: the kit's connect button, and a sign-up of the app's own beside it (a kit's modal connects a
// wallet the user has; a new passkey wallet needs a name, which neither RainbowKit's nor AppKit's asks).
import { type ReactNode, useState } from 'react'
import { type Address, parseEther } from 'viem'
import {
  useAccount,
  useConnect,
  useConnectors,
  useSendCalls,
  useSignMessage,
  useWaitForCallsStatus,
} from 'wagmi'
import type { PasskeyWalletConnector } from 'wagmi-connector-pack/passkey'

function SignUp() {
  const [userName, setUserName] = useState('')
  const passkey = useConnectors().find(
    ({ type }) => type === 'passkeyWallet',
  ) as PasskeyWalletConnector | undefined
  const { connect, error, isPending } = useConnect()
  if (!passkey) return null
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        connect({ connector: passkey, signUp: { userName } })
      }}
    >
      <label>
        Your name{' '}
        <input
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
        />
      </label>
      <button type="submit" disabled={isPending || !userName}>
        Create passkey wallet
      </button>
      {error && <p role="alert">{error.message}</p>}
    </form>
  )
}

function SignMessage() {
  const { signMessage, data, error } = useSignMessage()
  return (
    <section>
      <button
        type="button"
        onClick={() => signMessage({ message: 'hello from a connect kit' })}
      >
        Sign a message
      </button>
      {data && <output aria-label="Signature">{data}</output>}
      {error && <p role="alert">{error.message}</p>}
    </section>
  )
}

// Where the example's payment goes: two addresses, paid in one confirmation.
const payees: Address[] = [
  '0x1111111111111111111111111111111111111111',
  '0x2222222222222222222222222222222222222222',
]

/** EIP-5792 through wagmi's hooks: two payments, one confirmation (`sendCalls` is on wagmi 2 and 3; 3 also names it `mutate`). */
function PayBoth() {
  const { sendCalls, data, error } = useSendCalls()
  const { data: status } = useWaitForCallsStatus({ id: data?.id })
  return (
    <section>
      <button
        type="button"
        onClick={() =>
          sendCalls({
            calls: payees.map((to) => ({ to, value: parseEther('0.001') })),
          })
        }
      >
        Pay both in one confirmation
      </button>
      {status?.status === 'success' && (
        <output aria-label="Payment">
          {status.receipts?.map((receipt) => receipt.transactionHash).join(' ')}
        </output>
      )}
      {status?.status === 'failure' && <p role="alert">Nothing was paid.</p>}
      {error && <p role="alert">{error.message}</p>}
    </section>
  )
}

export function App({ connectButton }: { connectButton: ReactNode }) {
  const { address, isConnected } = useAccount()
  return (
    <main>
      {connectButton}
      {isConnected ? (
        <>
          <output aria-label="Account">{address}</output>
          <SignMessage />
          <PayBoth />
        </>
      ) : (
        <SignUp />
      )}
    </main>
  )
}
