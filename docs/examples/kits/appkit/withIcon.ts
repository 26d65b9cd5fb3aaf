// withIcon.ts: AppKit draws a wagmi connector with its `icon`; the pack's connectors bring none.
import type { CreateConnectorFn } from 'wagmi'

export const withIcon =
  (connector: CreateConnectorFn, icon: string): CreateConnectorFn =>
  (config) => ({ ...connector(config), icon })
