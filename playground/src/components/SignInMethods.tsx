import { useEffect, useState } from 'react'
import { useConnection, useConnectors } from 'wagmi'
import type { PasskeyWalletConnector } from 'wagmi-connector-pack/passkey'
import type {
  LinkedProvider,
  ProviderLinks,
} from 'wagmi-connector-pack/social-login'
import { providerNames } from '../providerSignIn.js'
import { ErrorMessage } from './ErrorMessage.js'

/**
 * The provider accounts the passkey wallet's account signs in with: link
 * one (the provider's window, then the passkey), unlink one (the passkey).
 */
export function SignInMethods() {
  const { connector } = useConnection()
  // The config's own connector: while wagmi restores a connection, useConnection names a stored copy.
  const connectors = useConnectors()
  const [links, setLinks] = useState<ProviderLinks>()
  const [linked, setLinked] = useState<LinkedProvider[]>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Error | null>(null)
  const passkeyWallet =
    connector?.id === 'passkeyWallet'
      ? (connectors.find(({ id }) => id === 'passkeyWallet') as
          | PasskeyWalletConnector
          | undefined)
      : undefined
  // Loaded ahead: linking opens the provider's window in the tap, with no await before it.
  useEffect(() => {
    passkeyWallet?.getProviderLinks().then(setLinks, setError)
  }, [passkeyWallet])
  if (!passkeyWallet) return null
  // Each change is one passkey prompt; the list is read again only when asked (a prompt of its own).
  const run = <result,>(
    work: () => Promise<result>,
    show: (result: result, shown: LinkedProvider[]) => LinkedProvider[],
  ) => {
    setBusy(true)
    setError(null)
    work()
      .then((result) => setLinked((shown) => show(result, shown ?? [])))
      .catch((failed: Error) => setError(failed))
      .finally(() => setBusy(false))
  }
  return (
    <section className="card" aria-labelledby="sign-in-methods-title">
      <h2 id="sign-in-methods-title">Sign-in methods</h2>
      {linked === undefined ? (
        <p className="hint">
          Link Google or Apple to log in and recover with it. Linking and
          unlinking ask for your passkey.
        </p>
      ) : (
        <ul aria-label="Linked accounts">
          {linked.length === 0 && <li>No provider account is linked.</li>}
          {linked.map((link) => (
            <li key={link.providerId}>
              {link.name}{' '}
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  run(
                    () => links!.unlink(link.providerId),
                    (_, shown) =>
                      shown.filter(
                        ({ providerId }) => providerId !== link.providerId,
                      ),
                  )
                }
              >
                Unlink {link.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        {Object.entries(providerNames).map(([id, name]) => (
          <button
            key={id}
            type="button"
            disabled={busy || !links}
            onClick={() =>
              run(
                () => links!.link(id),
                (added, shown) => [...shown, added],
              )
            }
          >
            Link {name}
          </button>
        ))}
        <button
          type="button"
          disabled={busy || !links}
          onClick={() =>
            run(
              () => links!.list(),
              (listed) => listed,
            )
          }
        >
          Show linked accounts
        </button>
      </div>
      <ErrorMessage error={error} />
    </section>
  )
}
