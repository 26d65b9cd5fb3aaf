import { loadOnce } from '../core/connector.js'
import { LazyPanel } from './LazyPanel.js'
import type { RecoveryPanelProps } from './panelProps.js'

// Once mounted: the first load is the placeholder.
const loadBody = loadOnce(() =>
  import('./RecoveryPanelBody.js').then((body) => body.RecoveryPanelBody),
)

/**
 * Recovers a passkey wallet by emailed code: email → code → new passkey →
 * sign in, with progress, time left and errors announced to screen readers.
 * Usable with the keyboard alone; themable with `--wcp-*` CSS variables.
 */
export function RecoveryPanel(props: RecoveryPanelProps) {
  return <LazyPanel title="Recover your wallet" load={loadBody} props={props} />
}
