import { useEffect, useRef } from 'react'
import { SandboxAccount } from './SandboxAccount.js'
import { SandboxFaucet } from './SandboxFaucet.js'
import { SandboxInbox } from './SandboxInbox.js'
import { SandboxWallet } from './SandboxWallet.js'

/** What only the sandbox has: kept apart from the product, and marked so. */
export function SandboxDrawer({
  open,
  onClose,
}: {
  open: boolean
  onClose(): void
}) {
  const close = useRef<HTMLButtonElement>(null)
  // Opened from the header: the keyboard goes where the drawer is.
  useEffect(() => {
    if (open) close.current?.focus()
  }, [open])
  return (
    <aside
      id="sandbox-tools"
      className="drawer"
      aria-label="Sandbox tools"
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <div className="drawer-header">
        <h2>Sandbox tools</h2>
        <button type="button" ref={close} onClick={onClose}>
          Close
        </button>
      </div>
      <p className="hint">
        Local test tools, not part of the pack: a real host has none of these.
      </p>
      <SandboxAccount />
      <SandboxFaucet />
      <SandboxInbox />
      <SandboxWallet />
    </aside>
  )
}
