import { loadOnce } from '../core/connector.js'
import { LazyPanel } from './LazyPanel.js'
import type { ExportPanelProps } from './panelProps.js'

// Once mounted: the first load is the placeholder.
const loadBody = loadOnce(() =>
  import('./ExportPanelBody.js').then((body) => body.ExportPanelBody),
)

/**
 * Exports the connected passkey wallet's seed phrase or private key after a
 * plain warning, an explicit confirmation and a fresh passkey prompt. The
 * secret appears only inside a frame from another origin.
 */
export function ExportPanel(props: ExportPanelProps) {
  return <LazyPanel title="Export your wallet" load={loadBody} props={props} />
}
