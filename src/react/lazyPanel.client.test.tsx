// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadOnce } from '../core/connector.js'
import { LazyPanel } from './LazyPanel.js'

// Tells React that this test drives it through act().
;(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true

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
