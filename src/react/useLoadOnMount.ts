import { useEffect, useState, useSyncExternalStore } from 'react'

/** For what only a finished load fills, which re-renders its own mount: nothing to subscribe to. */
export const noSubscription = () => () => undefined

const nothing = () => undefined

/**
 * What `load` gives, loaded once mounted (never during server rendering),
 * and again whenever `load` changes: a panel's body, or a connector's flow.
 * `value` is `undefined` until then, and without `load`; `error` says why it
 * could not load. `loaded` reads a value made before this mount (a
 * module-level loader's): such a mount gets it in its first render, except
 * when hydrating (the server had nothing loaded).
 */
export function useLoadOnMount<value>(
  load: (() => Promise<value>) | undefined,
  loaded: () => value | undefined = nothing,
): { value: value | undefined; error: Error | undefined } {
  const before = useSyncExternalStore(noSubscription, loaded, nothing)
  const [value, setValue] = useState<value | undefined>(undefined)
  const [error, setError] = useState<Error | undefined>(undefined)
  useEffect(() => {
    setValue(undefined)
    setError(undefined)
    if (!load || before !== undefined) return
    let current = true
    load().then(
      // A function (a component) is the value itself, not a state updater.
      (made) => current && setValue(() => made),
      (failure: Error) => current && setError(failure),
    )
    return () => {
      current = false
    }
  }, [load, before])
  return before !== undefined
    ? { value: before, error: undefined }
    : { value, error }
}
