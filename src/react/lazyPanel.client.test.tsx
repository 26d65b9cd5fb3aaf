// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadOnce } from '../core/connector.js'
import { LazyPanel } from './LazyPanel.js'

// Tells React that this test drives it through act().
;(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true

// The panels' bodies cannot be downloaded (offline, or a new deploy removed the chunk).
vi.mock('./RecoveryPanelBody.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})
vi.mock('./ExportPanelBody.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

// The panels keep their body's loader for the page's lifetime, and the unit
// files share a worker's modules: load the panels afresh, as a new page would,
// so that no earlier file's loaded body stands in for the failed download.
let ExportPanel: typeof import('./ExportPanel.js').ExportPanel
let RecoveryPanel: typeof import('./RecoveryPanel.js').RecoveryPanel
beforeAll(async () => {
  vi.resetModules()
  ;({ ExportPanel } = await import('./ExportPanel.js'))
  ;({ RecoveryPanel } = await import('./RecoveryPanel.js'))
})

function Body({ className }: { className?: string | undefined }) {
  return <p className={className}>the body</p>
}
let loads = 0
// Module-level, as the panels' own loaders are.
const load = loadOnce(async () => {
  loads += 1
  return Body
})

/** What each commit of a mount showed, first to last. */
async function mount() {
  const element = document.createElement('div')
  document.body.append(element)
  const root = createRoot(element)
  const seen: string[] = []
  // The placeholder's status line, or the body's text.
  const shown = () =>
    element.querySelector('[role=status]')?.textContent ?? element.textContent
  const observer = new MutationObserver(() => seen.push(shown()))
  observer.observe(element, { childList: true, subtree: true })
  await act(async () =>
    root.render(<LazyPanel title="A panel" load={load} props={{}} />),
  )
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  observer.disconnect()
  return { seen, unmount: () => act(async () => root.unmount()) }
}

describe('a lazy panel', () => {
  it('shows "Loading…" on its first mount only: a later mount shows its body at once, without loading again', async () => {
    const first = await mount()
    expect(first.seen[0]).toBe('Loading…')
    expect(first.seen.at(-1)).toBe('the body')
    await first.unmount()

    const again = await mount()
    expect(again.seen).toEqual(['the body'])
    expect(loads).toBe(1)
    await again.unmount()
  })
})

describe('a lazy panel hydrated after its body loaded elsewhere on the page', () => {
  it('hydrates as the placeholder the server sent, without a mismatch, then shows its body', async () => {
    const element = document.createElement('div')
    document.body.append(element)
    const panel = <LazyPanel title="A panel" load={load} props={{}} />
    element.innerHTML = renderToString(panel)
    expect(element.querySelector('[role=status]')?.textContent).toBe('Loading…')
    // The body is already loaded: another mount on this page loaded it.
    const other = await mount()
    await other.unmount()
    const recoverable: unknown[] = []
    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(element, panel, {
        onRecoverableError: (error) => recoverable.push(error),
      })
    })
    expect(recoverable).toEqual([])
    expect(element.textContent).toBe('the body')
    await act(async () => root?.unmount())
  })
})

describe('a panel whose body cannot load', () => {
  it('keeps its box and title and says in the alert line what to do', async () => {
    const element = document.createElement('div')
    document.body.append(element)
    const root = createRoot(element)
    // No WagmiProvider needed: the placeholder uses no wagmi hook.
    await act(async () =>
      root.render(
        <>
          <RecoveryPanel className="host-class" />
          <ExportPanel />
        </>,
      ),
    )
    const alertsNow = () =>
      [...element.querySelectorAll('[role=alert]')].map((a) => a.textContent)
    const giveUpAt = Date.now() + 15_000
    while (!alertsNow().every(Boolean) && Date.now() < giveUpAt)
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    const alerts = alertsNow()
    expect(alerts).toEqual([
      'This panel could not load. Check your connection and reload the page.',
      'This panel could not load. Check your connection and reload the page.',
    ])
    expect(
      [...element.querySelectorAll('[role=status]')].map((s) => s.textContent),
    ).toEqual(['', ''])
    expect(
      [...element.querySelectorAll('h2')].map((h) => h.textContent),
    ).toEqual(['Recover your wallet', 'Export your wallet'])
    expect(element.querySelector('section')?.className).toBe(
      'wcp-panel host-class',
    )
    expect(element.querySelector('[aria-busy="true"]')).toBeNull()
    await act(async () => root.unmount())
  })
})
