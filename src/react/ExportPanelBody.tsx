import { useEffect, useId, useRef, useState } from 'react'
import type { ExportKind } from '../export/exportFlow.js'
import { describeError } from './describeError.js'
import { panelFrameStyles } from './LazyPanel.js'
import type { ExportPanelProps } from './panelProps.js'
import { panelStyles } from './panelStyles.js'
import { usePanelAccountName } from './useAccountName.js'
import { useExport } from './useExport.js'
import { useFocusOnChange } from './useFocusOnChange.js'

const names: Record<ExportKind, string> = {
  'seed-phrase': 'seed phrase',
  'private-key': 'private key',
}

const warnings: Record<ExportKind, string> = {
  'seed-phrase':
    'Your seed phrase controls every account in this wallet. Anyone who sees it can take everything in it. Show it only where no one can see your screen, never type it into a website, and never share it, not even with support.',
  'private-key':
    'Your private key controls this account. Anyone who sees it can take everything in it. Show it only where no one can see your screen, never type it into a website, and never share it, not even with support.',
}

const ignore = () => {}

/**
 * The export panel once loaded (its steps and styles in one chunk): choose →
 * warning and confirmation → passkey → shown, the secret only inside the
 * frame.
 */
export function ExportPanelBody({ connector, className }: ExportPanelProps) {
  const { flow, snapshot, isConnected, loadError, address } = useExport({
    connector,
  })
  const accountName = usePanelAccountName(address)
  const frameRef = useRef<HTMLDivElement>(null)
  const [understood, setUnderstood] = useState(false)
  const id = useId()
  const step = isConnected ? snapshot?.step : undefined
  const kind = snapshot?.kind
  const error = loadError ?? snapshot?.error
  const focusRef = useFocusOnChange<HTMLElement>(step, error)

  const request = (next: ExportKind) => {
    setUnderstood(false)
    if (frameRef.current) flow?.request(next, frameRef.current)
  }
  // Leaving the page or the account takes the frame, and the secret, away.
  useEffect(() => () => flow?.close(), [flow])

  const status = !isConnected
    ? 'Connect your passkey wallet to export its keys.'
    : step === 'confirming' && kind
      ? `Before you see your ${names[kind]}:`
      : step === 'verifying'
        ? 'Confirm with your passkey…'
        : step === 'shown' && kind
          ? `Your ${names[kind]} is shown below, in a secure frame this page cannot read.`
          : step === 'idle'
            ? 'Take your wallet with you: export its seed phrase or private key.'
            : 'Loading…'

  return (
    <section
      className={['wcp-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <style>{panelFrameStyles + panelStyles}</style>
      <h2 id={`${id}-title`}>Export your wallet</h2>
      {address && (
        <p className="wcp-account">
          {accountName && <strong>{accountName} </strong>}
          <code>{address}</code>
        </p>
      )}
      <p className="wcp-status" role="status">
        {status}
      </p>

      {step === 'idle' && (
        <div className="wcp-actions">
          <button
            type="button"
            ref={focusRef as never}
            onClick={() => request('seed-phrase')}
          >
            Export seed phrase
          </button>
          <button type="button" onClick={() => request('private-key')}>
            Export private key
          </button>
        </div>
      )}

      {step === 'confirming' && kind && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (understood) flow?.confirm().catch(ignore)
          }}
        >
          <p className="wcp-warning" id={`${id}-warning`}>
            {warnings[kind]}
          </p>
          <label className="wcp-option">
            <input
              type="checkbox"
              ref={focusRef as never}
              aria-describedby={`${id}-warning`}
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
            />
            I understand, show my {names[kind]}
          </label>
          <div className="wcp-actions">
            <button type="submit" data-primary disabled={!understood}>
              Show {names[kind]}
            </button>
            <button type="button" onClick={() => flow?.close()}>
              Cancel
            </button>
          </div>
        </form>
      )}

      <div
        className="wcp-frame"
        ref={frameRef}
        hidden={step !== 'verifying' && step !== 'shown'}
      />

      {step === 'shown' && (
        <div className="wcp-actions">
          <button
            type="button"
            ref={focusRef as never}
            onClick={() => flow?.close()}
          >
            Hide {kind ? names[kind] : 'secret'}
          </button>
        </div>
      )}

      <p className="wcp-error" role="alert">
        {error ? describeError(error) : ''}
      </p>
    </section>
  )
}
