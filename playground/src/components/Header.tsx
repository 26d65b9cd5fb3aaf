import { useConnection } from 'wagmi'
import { BackendChoice } from './BackendChoice.js'
import { useTheme } from './useTheme.js'

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** The app bar: the connection at a glance, the backend choice, the theme and the sandbox tools' switch. */
export function Header({
  sandboxOpen,
  onSandboxToggle,
}: {
  sandboxOpen: boolean
  onSandboxToggle(): void
}) {
  const { status, address } = useConnection()
  const { theme, pick } = useTheme()
  return (
    <header className="app-header">
      <h1 className="brand">
        <svg width="28" height="28" viewBox="0 0 40 40" aria-hidden="true">
          <rect width="40" height="40" rx="10" fill="var(--accent)" />
          <path d="M11 14h5l4 10 4-10h5l-7 14h-4z" fill="var(--accent-text)" />
        </svg>
        wagmi-connector-pack <small>playground</small>
      </h1>
      <BackendChoice />
      <div className="header-end">
        <span className="pill" data-status={status}>
          <span data-testid="status">{status}</span>
          {address && (
            <span className="mono" title={address}>
              {short(address)}
            </span>
          )}
        </span>
        <button
          type="button"
          className="quiet"
          aria-label="Dark theme"
          aria-pressed={theme === 'dark'}
          onClick={() => pick(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? '☀' : '☾'}
        </button>
        <button
          type="button"
          id="sandbox-toggle"
          className="sandbox-toggle"
          aria-expanded={sandboxOpen}
          aria-controls="sandbox-tools"
          onClick={onSandboxToggle}
        >
          Sandbox tools
        </button>
      </div>
    </header>
  )
}
