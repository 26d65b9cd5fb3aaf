import { describe, expect, it, vi } from 'vitest'
import { createStore } from './store.js'

describe('createStore', () => {
  it('reads back the initial value, the same object until a set', () => {
    const initial = { step: 'idle' }
    const store = createStore(initial)
    expect(store.get()).toBe(initial)
    expect(store.get()).toBe(store.get())
  })

  it('replaces the value on set, and tells every listener after the change', () => {
    const store = createStore({ step: 'idle' })
    const seen: string[] = []
    store.subscribe(() => seen.push(`first saw ${store.get().step}`))
    store.subscribe(() => seen.push(`second saw ${store.get().step}`))
    const next = { step: 'busy' }
    store.set(next)
    expect(store.get()).toBe(next)
    expect(seen).toEqual(['first saw busy', 'second saw busy'])
  })

  it('tells listeners on every set, even of an equal value', () => {
    const store = createStore(1)
    const listener = vi.fn()
    store.subscribe(listener)
    store.set(1)
    store.set(1)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('stops telling a listener once it unsubscribed, and others still hear', () => {
    const store = createStore(0)
    const gone = vi.fn()
    const kept = vi.fn()
    const unsubscribe = store.subscribe(gone)
    store.subscribe(kept)
    store.set(1)
    unsubscribe()
    store.set(2)
    expect(gone).toHaveBeenCalledTimes(1)
    expect(kept).toHaveBeenCalledTimes(2)
    // Unsubscribing twice changes nothing.
    unsubscribe()
    store.set(3)
    expect(kept).toHaveBeenCalledTimes(3)
  })

  it('works with its methods detached, as useSyncExternalStore calls them', () => {
    const { get, set, subscribe } = createStore('a')
    const listener = vi.fn()
    const unsubscribe = subscribe(listener)
    set('b')
    expect(get()).toBe('b')
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    set('c')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('lets a listener unsubscribe itself while being told', () => {
    const store = createStore(0)
    const calls: number[] = []
    const unsubscribe = store.subscribe(() => {
      calls.push(store.get())
      unsubscribe()
    })
    store.set(1)
    store.set(2)
    expect(calls).toEqual([1])
  })
})
