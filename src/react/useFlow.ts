import { useEffect, useState, useSyncExternalStore } from 'react'

type Flow<snapshot> = {
  getSnapshot(): snapshot
  subscribe(listener: () => void): () => void
}

const noSubscription = () => () => {}

/**
 * Loads a flow after mount (never during server rendering) and follows its
 * snapshot. `error` says why it could not load.
 */
export function useFlow<snapshot, flow extends Flow<snapshot>>(
  load: (() => Promise<flow>) | undefined,
) {
  const [flow, setFlow] = useState<flow | undefined>(undefined)
  const [error, setError] = useState<Error | undefined>(undefined)
  useEffect(() => {
    setFlow(undefined)
    setError(undefined)
    if (!load) return
    let current = true
    load().then(
      (loaded) => current && setFlow(() => loaded),
      (failure: Error) => current && setError(failure),
    )
    return () => {
      current = false
    }
  }, [load])
  const snapshot = useSyncExternalStore(
    flow ? flow.subscribe : noSubscription,
    () => flow?.getSnapshot(),
    () => undefined,
  )
  return { flow, snapshot, error }
}
