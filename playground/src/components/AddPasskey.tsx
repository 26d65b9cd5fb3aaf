import { type Connector, useConnection } from 'wagmi'
import { useRecovery } from 'wagmi-connector-pack/react'
import { rememberProviderSignIn, useProviderSignIn } from '../providerSignIn.js'
import { ErrorMessage } from './ErrorMessage.js'

const ignore = () => {}

/**
 * After a sign-in with a provider: the account may have no passkey yet. The
 * person signs in with the provider again (a one-time key that may add one
 * passkey), then creates the passkey: the recovery flow's provider steps.
 */
export function AddPasskey() {
  const provider = useProviderSignIn()
  const { connector } = useConnection()
  // The recovery's code loads only for an account a provider made in this page.
  if (!provider || connector?.id !== 'passkeyWallet') return null
  return <AddPasskeyCard provider={provider} connector={connector} />
}

function AddPasskeyCard({
  provider,
  connector,
}: {
  provider: string
  connector: Connector
}) {
  const { flow, snapshot } = useRecovery({ connector })
  if (!snapshot) return null
  const name =
    snapshot.providers.find(({ id }) => id === provider)?.name ?? provider
  const step = snapshot.step
  const busy = step === 'signing-in' || step === 'creating-passkey'
  return (
    <section className="card" aria-labelledby="add-passkey-title">
      <h2 id="add-passkey-title">Add a passkey</h2>
      {step === 'passkey-created' ? (
        <p role="status" className="hint confirmed">
          Passkey added: it signs messages and exports from now on.
        </p>
      ) : (
        <p className="hint">
          Your wallet has no passkey yet. Until it has one you can send
          transactions, but not sign messages or export your keys.
        </p>
      )}
      <div className="row">
        {step === 'passkey-created' ? (
          <button
            type="button"
            onClick={() => {
              rememberProviderSignIn(undefined)
              flow?.reset().catch(ignore)
            }}
          >
            Done
          </button>
        ) : step === 'ready-to-create-passkey' ||
          step === 'creating-passkey' ? (
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => flow?.createPasskey().catch(ignore)}
          >
            Create passkey
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => flow?.signInWithProvider(provider).catch(ignore)}
          >
            Confirm with {name}
          </button>
        )}
      </div>
      <ErrorMessage error={snapshot.error ?? null} />
    </section>
  )
}
