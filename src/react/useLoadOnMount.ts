import { useEffect, useState, useSyncExternalStore } from 'react'
import type { LoadOnce } from '../core/connector.js'

type Loaded<value> = { value?: value; error?: Error }

// Filled only by a finished load, which re-renders its own mount: nothing to subscribe to.
const noSubscription = () => () => undefined

/**
 * What `loader` gives, loaded once mounted (never during server rendering):
 * `value` is `undefined` until then; `error` says why it could not load.
 * `loader` must be module-level (one per panel): a mount after the first
 * gets its value in its first render, except when hydrating (the server
 * had nothing loaded).
 */
export function useLoadOnMount<value>(
  loader: Pick<LoadOnce<value>, 'value' | 'load'>,
): Loaded<value> {
  const before = useSyncExternalStore(
    noSubscription,
    () => loader.value,
    () => undefined,
  )
  const [loaded, setLoaded] = useState<Loaded<value>>({})
  useEffect(() => {
    if (before !== undefined) return
    let current = true
    loader.load().then(
      (value) => current && setLoaded({ value }),
      (error: Error) => current && setLoaded({ error }),
    )
    return () => {
      current = false
    }
  }, [loader, before])
  return before !== undefined ? { value: before } : loaded
}
