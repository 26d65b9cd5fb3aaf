import type { Connector } from 'wagmi'
import { PanelPlaceholder } from './PanelPlaceholder.js'
import { useLoadOnMount } from './useLoadOnMount.js'

export type ExportPanelProps = {
  /** The passkeyWallet connector; the config's first one by default. */
  connector?: Connector | undefined
  className?: string | undefined
}

// Once mounted: the first load is the placeholder.
const loadBody = () => import('./ExportPanelBody.js')

/**
 * Exports the connected passkey wallet's seed phrase or private key after a
 * plain warning, an explicit confirmation and a fresh passkey prompt. The
 * secret appears only inside a frame from another origin.
 */
export function ExportPanel(props: ExportPanelProps) {
  const body = useLoadOnMount(loadBody)
  return body.value ? (
    <body.value.ExportPanelBody {...props} />
  ) : (
    <PanelPlaceholder
      title="Export your wallet"
      className={props.className}
      failed={body.error !== undefined}
    />
  )
}
