import { connect } from '@wagmi/core'
import { type FormEvent, useId, useState } from 'react'
import { useAccount, useConfig } from 'wagmi'
import type { RecoveryType } from '../turnkey/hostBackendContract.js'
import { describeError } from './describeError.js'
import { panelFrameStyles } from './LazyPanel.js'
import type { RecoveryPanelProps } from './panelProps.js'
import { panelStyles } from './panelStyles.js'
import {
  RecoveryCodeStep,
  RecoveryEmailStep,
  type RecoveryView,
  recoveryStatus,
  recoveryTimer,
  recoveryView,
} from './RecoverySteps.js'
import { usePanelAccountName } from './useAccountName.js'
import { useFocusOnChange } from './useFocusOnChange.js'
import { useRecovery } from './useRecovery.js'

/** The sign-in step's connection attempt: pending, or why it failed. */
type SignIn = { isPending: boolean; error?: Error | undefined }

const ignore = () => {}

/**
 * The recovery panel once loaded (its steps and styles in one chunk): email
 * → code → new passkey → sign in, with the status line, time left and
 * controls of each.
 */
export function RecoveryPanelBody({
  connector,
  defaultEmail = '',
  className,
}: RecoveryPanelProps) {
  const recovery = useRecovery({ connector })
  const { snapshot } = recovery
  const config = useConfig()
  // The sign-in step's connect, with wagmi's connect action.
  const [signIn, setSignIn] = useState<SignIn>({ isPending: false })
  // useAccount is in both wagmi majors (3 keeps it as useConnection's alias).
  const connection = useAccount()
  const accountName = usePanelAccountName(connection.address)
  const [email, setEmail] = useState(defaultEmail)
  const [type, setType] = useState<RecoveryType>('email')
  const [code, setCode] = useState('')
  const id = useId()

  // Set by this panel's own sign-in only: another wallet's connection is not a recovery.
  const [recovered, setRecovered] = useState<string | undefined>(undefined)
  const step = snapshot?.step
  // Through the Auth Proxy there is one way: the email code signs a session that adds the passkey.
  const offersBoth = (snapshot?.types ?? ['email', 'passkey']).includes(
    'passkey',
  )
  const signedIn =
    recovered !== undefined &&
    connection.status === 'connected' &&
    connection.address === recovered
  const view: RecoveryView | 'loading' = snapshot
    ? recoveryView(snapshot, signedIn)
    : 'loading'
  const error =
    recovery.loadError ??
    snapshot?.error ??
    (view === 'sign-in' ? signIn.error : undefined)
  const focusRef = useFocusOnChange<HTMLElement>(
    view === 'loading' ? undefined : view,
    error,
  )
  const busy =
    step === 'signing-in' ||
    step === 'sending-email' ||
    step === 'verifying-code' ||
    step === 'creating-passkey' ||
    signIn.isPending

  const { flow, codeSecondsLeft, sessionSecondsLeft } = recovery

  const status = !snapshot
    ? recovery.loadError
      ? ''
      : 'Loading…'
    : recoveryStatus(snapshot, {
        signedInAs:
          view !== 'done'
            ? undefined
            : accountName
              ? `${accountName} (${connection.address})`
              : connection.address,
        signingIn: signIn.isPending,
      })
  const timer =
    view === 'loading'
      ? ''
      : recoveryTimer(view, {
          interrupted: snapshot?.interrupted ?? false,
          codeSecondsLeft,
          sessionSecondsLeft,
        })

  const sendEmail = (event?: FormEvent) => {
    event?.preventDefault()
    setCode('')
    flow?.sendEmail({ email, type: offersBoth ? type : 'email' }).catch(ignore)
  }
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    flow?.submitCode(code).catch(ignore)
  }
  const startOver = () => {
    setCode('')
    flow?.reset().catch(ignore)
  }

  const steps = (
    <>
      {view === 'email' && (
        <RecoveryEmailStep
          id={id}
          focusRef={focusRef}
          busy={busy}
          email={email}
          onEmail={setEmail}
          type={type}
          onType={setType}
          offersBoth={offersBoth}
          onSubmit={sendEmail}
        />
      )}

      {view === 'email' && (snapshot?.providers.length ?? 0) > 0 && (
        <div className="wcp-actions">
          {snapshot?.providers.map(({ id: provider, name }) => (
            <button
              key={provider}
              type="button"
              disabled={busy}
              onClick={() => flow?.signInWithProvider(provider).catch(ignore)}
            >
              Recover with {name}
            </button>
          ))}
        </div>
      )}

      {view === 'code' && (
        <RecoveryCodeStep
          id={id}
          focusRef={focusRef}
          busy={busy}
          code={code}
          onCode={setCode}
          codeFormat={snapshot?.codeFormat}
          onSubmit={submitCode}
          onSendAgain={() => sendEmail()}
          onStartOver={startOver}
        />
      )}

      {view === 'passkey' && (
        <div className="wcp-actions">
          <button
            type="button"
            data-primary
            ref={focusRef as never}
            disabled={busy}
            onClick={() => flow?.createPasskey().catch(ignore)}
          >
            Create new passkey
          </button>
          <button type="button" disabled={busy} onClick={startOver}>
            Start over
          </button>
        </div>
      )}

      {view === 'sign-in' && (
        <div className="wcp-actions">
          <button
            type="button"
            data-primary
            ref={focusRef as never}
            disabled={busy || !recovery.connector}
            onClick={() => {
              if (!recovery.connector) return
              setSignIn({ isPending: true })
              connect(config, { connector: recovery.connector }).then(
                ({ accounts }) => {
                  setRecovered(accounts[0])
                  setSignIn({ isPending: false })
                },
                (error: Error) => setSignIn({ isPending: false, error }),
              )
            }}
          >
            Sign in with new passkey
          </button>
        </div>
      )}
    </>
  )
  return (
    <section
      className={['wcp-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <style>{panelFrameStyles + panelStyles}</style>
      <h2 id={`${id}-title`}>Recover your wallet</h2>
      <p
        className="wcp-status"
        role="status"
        tabIndex={-1}
        ref={view === 'done' ? (focusRef as never) : undefined}
      >
        {status}
      </p>
      <p className="wcp-timer" aria-live="off">
        {timer}
      </p>
      {steps}
      <p className="wcp-error" role="alert">
        {error ? describeError(error) : ''}
      </p>
    </section>
  )
}
