// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { ExportPanel } from './ExportPanel.js'
import { RecoveryPanel } from './RecoveryPanel.js'

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
