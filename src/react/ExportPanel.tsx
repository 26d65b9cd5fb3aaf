import { useEffect, useId, useRef, useState } from 'react'
import type { Connector } from 'wagmi'
import type { ExportKind } from '../export/createExportFlow.js'
import { describeError } from './describeError.js'
import { panelStyles } from './panelStyles.js'
import { useExport } from './useExport.js'
import { useFocusOnChange } from './useFocusOnChange.js'
import { useLoadOnMount } from './useLoadOnMount.js'
import { usePanelAccountName } from './usePanelAccountName.js'

export type ExportPanelProps = {
  /** The passkeyWallet connector; the config's first one by default. */
  connector?: Connector | undefined
  className?: string | undefined
}

// The steps load with the flow, once mounted: the first load is the shell.
const loadSteps = () => import('./exportSteps.js')

/**
 * Exports the connected passkey wallet's seed phrase or private key after a
 * plain warning, an explicit confirmation and a fresh passkey prompt. The
 * secret appears only inside a frame from another origin.
 */
export function ExportPanel({ connector, className }: ExportPanelProps) {
  const { flow, snapshot, isConnected, loadError, address } = useExport({
    connector,
  })
  const steps = useLoadOnMount(loadSteps)
  const accountName = usePanelAccountName(address)
  const frameRef = useRef<HTMLDivElement>(null)
  const [understood, setUnderstood] = useState(false)
  const id = useId()
  // The steps appear once their UI has loaded too.
  const step = isConnected && steps.value ? snapshot?.step : undefined
  const kind = snapshot?.kind
  const error =
    loadError ?? (isConnected ? steps.error : undefined) ?? snapshot?.error
  const focusRef = useFocusOnChange<HTMLElement>(step, error)

  const request = (next: ExportKind) => {
    setUnderstood(false)
    if (frameRef.current) flow?.request(next, frameRef.current)
  }
  // Leaving the page or the account takes the frame, and the secret, away.
  useEffect(() => () => flow?.close(), [flow])

  const shown =
    step && steps.value
      ? steps.value.exportSteps({
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
      <style>{panelStyles}</style>
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
