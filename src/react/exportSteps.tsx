import type { ReactNode, RefObject } from 'react'
import type {
  ExportFlow,
  ExportKind,
  ExportSnapshot,
} from '../export/createExportFlow.js'

/** What the ExportPanel's shell holds (its hooks and state) for its steps. */
export type ExportStepsModel = {
  id: string
  step: ExportSnapshot['step']
  kind: ExportKind | undefined
  flow: ExportFlow | undefined
  understood: boolean
  setUnderstood(understood: boolean): void
  request(kind: ExportKind): void
  focusRef: RefObject<HTMLElement | null>
}

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
 * The ExportPanel's steps (choose → warning and confirmation → passkey →
 * shown): their status line and controls before and after the secret's
 * frame, loaded with the export flow so that the panel's first load is its
 * shell alone.
 */
export function exportSteps({
  id,
  step,
  kind,
  flow,
  understood,
  setUnderstood,
  request,
  focusRef,
}: ExportStepsModel): {
  status: string
  beforeFrame: ReactNode
  afterFrame: ReactNode
} {
  const status =
    step === 'confirming' && kind
      ? `Before you see your ${names[kind]}:`
      : step === 'verifying'
        ? 'Confirm with your passkey…'
        : step === 'shown' && kind
          ? `Your ${names[kind]} is shown below, in a secure frame this page cannot read.`
          : step === 'idle'
            ? 'Take your wallet with you: export its seed phrase or private key.'
            : 'Loading…'

  const beforeFrame = (
    <>
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
    </>
  )

  const afterFrame = step === 'shown' && (
    <div className="wcp-actions">
      <button
        type="button"
        ref={focusRef as never}
        onClick={() => flow?.close()}
      >
        Hide {kind ? names[kind] : 'secret'}
      </button>
    </div>
  )
  return { status, beforeFrame, afterFrame }
}
