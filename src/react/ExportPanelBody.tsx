import { useEffect, useId, useRef, useState } from 'react'
import type { ExportKind } from '../export/createExportFlow.js'
import { describeError } from './describeError.js'
import type { ExportPanelProps } from './ExportPanel.js'
import { exportSteps } from './exportSteps.js'
import { panelFrameStyles } from './panelFrameStyles.js'
import { panelStyles } from './panelStyles.js'
import { useExport } from './useExport.js'
import { useFocusOnChange } from './useFocusOnChange.js'
import { usePanelAccountName } from './usePanelAccountName.js'

/** The export panel once loaded: its flow, steps and styles come in one chunk. */
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

  const shown = step
    ? exportSteps({
        id,
        step,
        kind,
        flow,
        understood,
        setUnderstood,
        request,
        focusRef,
      })
    : undefined

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
        {!isConnected
          ? 'Connect your passkey wallet to export its keys.'
          : (shown?.status ?? 'Loading…')}
      </p>

      {shown?.beforeFrame}

      <div
        className="wcp-frame"
        ref={frameRef}
        hidden={step !== 'verifying' && step !== 'shown'}
      />

      {shown?.afterFrame}

      <p className="wcp-error" role="alert">
        {error ? describeError(error) : ''}
      </p>
    </section>
  )
}
