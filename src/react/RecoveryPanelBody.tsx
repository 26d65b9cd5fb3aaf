import { useId, useState } from 'react'
import { useConfig, useConnection } from 'wagmi'
import type { RecoveryType } from '../recovery/recoveryState.js'
import { describeError } from './describeError.js'
import { panelFrameStyles } from './panelFrameStyles.js'
import { panelStyles } from './panelStyles.js'
import type { RecoveryPanelProps } from './RecoveryPanel.js'
import {
  type RecoveryView,
  recoverySteps,
  type SignIn,
} from './recoverySteps.js'
import { useFocusOnChange } from './useFocusOnChange.js'
import { usePanelAccountName } from './usePanelAccountName.js'
import { useRecovery } from './useRecovery.js'

/** The recovery panel once loaded: its flow, steps and styles come in one chunk. */
export function RecoveryPanelBody({
  connector,
  defaultEmail = '',
  className,
}: RecoveryPanelProps) {
  const recovery = useRecovery({ connector })
  const { snapshot } = recovery
  const config = useConfig()
  // The sign-in step's connect, with wagmi's connect action (loaded with the steps).
  const [signIn, setSignIn] = useState<SignIn>({ isPending: false })
  const connection = useConnection()
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
  const view: RecoveryView | 'loading' = !snapshot
    ? 'loading'
    : signedIn
      ? 'done'
      : step === 'idle' || step === 'sending-email'
        ? 'email'
        : step === 'waiting-for-code' || step === 'verifying-code'
          ? 'code'
          : step === 'passkey-created'
            ? 'sign-in'
            : 'passkey'
  const error =
    recovery.loadError ??
    snapshot?.error ??
    (view === 'sign-in' ? signIn.error : undefined)
  const focusRef = useFocusOnChange<HTMLElement>(
    view === 'loading' ? undefined : view,
    error,
  )
  const busy =
    step === 'sending-email' ||
    step === 'verifying-code' ||
    step === 'creating-passkey' ||
    signIn.isPending

  const shown =
    view !== 'loading' && snapshot
      ? recoverySteps({
          id,
          view,
          snapshot,
          recovery,
          config,
          signIn,
          setSignIn,
          address: connection.address,
          accountName,
          email,
          setEmail,
          type,
          setType,
          code,
          setCode,
          setRecovered,
          offersBoth,
          busy,
          focusRef,
        })
      : {
          status: recovery.loadError ? '' : 'Loading…',
          timer: '',
          steps: null,
        }

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
        {shown.status}
      </p>
      <p className="wcp-timer" aria-live="off">
        {shown.timer}
      </p>
      {shown.steps}
      <p className="wcp-error" role="alert">
        {error ? describeError(error) : ''}
      </p>
    </section>
  )
}
