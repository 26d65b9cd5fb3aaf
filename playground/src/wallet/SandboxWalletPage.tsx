import { useCallback, useEffect, useState } from 'react'
import type { SandboxWalletView } from '../../sandboxWalletBackend.js'
import { callWallet } from './callWallet.js'

/**
 * The sandbox wallet for a person: paste the dapp's `wc:` URI, choose whether
 * it approves and answers, and watch what it receives. It runs in the
 * playground's server with its own funded key.
 */
export function SandboxWalletPage() {
  const [view, setView] = useState<SandboxWalletView>()
  const [uri, setUri] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const call = useCallback(async (...args: Parameters<typeof callWallet>) => {
    setBusy(true)
    try {
      setView(await callWallet(...args))
      setError('')
      return true
    } catch (failure) {
      setError((failure as Error).message)
      return false
    } finally {
      setBusy(false)
    }
  }, [])
  // The box follows the click at once; the wallet's answer then confirms it.
  const choose = (
    choice: Pick<SandboxWalletView, 'proposals' | 'requests'>,
  ) => {
    setView((current) => current && { ...current, ...choice })
    void call('choices', choice)
  }
  useEffect(() => {
    void call('state')
    // Requests arrive from the relay, not from this page: look again now and then.
    const timer = setInterval(
      () => void callWallet('state').then(setView, () => undefined),
      1000,
    )
    return () => clearInterval(timer)
  }, [call])
  return (
    <main>
      <h1>Sandbox wallet</h1>
      <section aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        <p data-testid="wallet-address">{view?.address ?? 'starting…'}</p>
      </section>
      <section aria-labelledby="pair-title">
        <h2 id="pair-title">Pair with a dapp</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void call('pair', { uri: uri.trim() }).then((paired) => {
              if (paired) setUri('')
            })
          }}
        >
          <label>
            WalletConnect URI{' '}
            <input
              value={uri}
              onChange={(event) => setUri(event.target.value)}
              placeholder="wc:…"
            />
          </label>
          <button type="submit" disabled={busy || !uri.trim()}>
            Pair
          </button>
        </form>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </section>
      {view && (
        <section aria-labelledby="choices-title">
          <h2 id="choices-title">What the user answers</h2>
          <label>
            <input
              type="checkbox"
              checked={view.proposals === 'approve'}
              onChange={(event) =>
                choose({
                  requests: view.requests,
                  proposals: event.target.checked ? 'approve' : 'reject',
                })
              }
            />
            Approve connection requests
          </label>
          <label>
            <input
              type="checkbox"
              checked={view.requests === 'answer'}
              onChange={(event) =>
                choose({
                  proposals: view.proposals,
                  requests: event.target.checked ? 'answer' : 'reject',
                })
              }
            />
            Sign and send what dapps ask
          </label>
        </section>
      )}
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        {view?.sessions.length ? (
          <ul data-testid="wallet-sessions">
            {view.sessions.map((session) => (
              <li key={session.topic}>
                {session.dapp} on {session.chains.join(', ')}{' '}
                {session.chains.map((chain) => (
                  <button
                    key={chain}
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void call('chain', { chainId: chain.split(':')[1] })
                    }
                  >
                    Switch to {chain}
                  </button>
                ))}
              </li>
            ))}
          </ul>
        ) : (
          <p>No dapp connected.</p>
        )}
        <button
          type="button"
          disabled={busy || !view?.sessions.length}
          onClick={() => void call('disconnect')}
        >
          Disconnect every dapp
        </button>
      </section>
      <section aria-labelledby="log-title">
        <h2 id="log-title">What happened</h2>
        <ol data-testid="wallet-log" className="status">
          {view?.log.map((line, index) => (
            // Lines only append; older ones fall off the front.
            // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only text
            <li key={index}>{line}</li>
          ))}
        </ol>
      </section>
    </main>
  )
}
