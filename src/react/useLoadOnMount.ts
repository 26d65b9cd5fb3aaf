import { useEffect, useState, useSyncExternalStore } from 'react'

type Loaded<value> = { value?: value; error?: Error }

// What each `load` gave once: a later mount starts with it (no "Loading…" again).
const loadedBefore = new WeakMap<() => Promise<unknown>, Loaded<unknown>>()
// Filled only by a finished load, which re-renders its own mount: nothing to subscribe to.
const noSubscription = () => () => undefined

/**
 * What `load` gives, loaded once mounted (never during server rendering):
 * `value` is `undefined` until then; `error` says why it could not load.
 * `load` must be module-level (one per panel, never another): a mount after
 * the first gets its value in its first render, except when hydrating (the
 * server had nothing loaded).
 */
export function useLoadOnMount<value>(
  load: () => Promise<value>,
): Loaded<value> {
  const before = useSyncExternalStore(
    noSubscription,
    () => loadedBefore.get(load) as Loaded<value> | undefined,
    () => undefined,
  )
  const [loaded, setLoaded] = useState<Loaded<value>>({})
  useEffect(() => {
    if (before) return
    let current = true
    load().then(
      (value) => {
        loadedBefore.set(load, { value })
        if (current) setLoaded({ value })
      },
      (error: Error) => current && setLoaded({ error }),
    )
    return () => {
      current = false
    }
  }, [load, before])
  return before ?? loaded
}
