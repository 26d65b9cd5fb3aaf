import { useEffect, useState } from 'react'

/**
 * What `load` gives, loaded once mounted (never during server rendering):
 * `value` is `undefined` until then; `error` says why it could not load.
 */
export function useLoadOnMount<value>(load: () => Promise<value>) {
  const [loaded, setLoaded] = useState<
    { value?: value; error?: Error } | undefined
  >(undefined)
  useEffect(() => {
    let current = true
    load().then(
      (value) => current && setLoaded({ value }),
      (error: Error) => current && setLoaded({ error }),
    )
    return () => {
      current = false
    }
  }, [load])
  return { value: loaded?.value, error: loaded?.error }
}
