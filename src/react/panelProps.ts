import type { Connector } from 'wagmi'

/*
 * The panels' props, apart from the panels: each panel and its lazily loaded
 * body take them, and neither imports the other's file for them.
 */

export type RecoveryPanelProps = {
  /** The passkeyWallet connector; the config's first one by default. */
  connector?: Connector | undefined
  /** Prefills the email field. */
  defaultEmail?: string | undefined
  className?: string | undefined
}

export type ExportPanelProps = {
  /** The passkeyWallet connector; the config's first one by default. */
  connector?: Connector | undefined
  className?: string | undefined
}
