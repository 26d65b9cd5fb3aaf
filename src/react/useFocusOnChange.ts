import { useEffect, useRef } from 'react'

/**
 * Moves keyboard focus to the returned element whenever `step` or `error`
 * changes after the first render: keyboard and screen-reader users land on
 * the new step, or back on the field to retry (a disabled field lost focus).
 */
export function useFocusOnChange<element extends HTMLElement>(
  step: unknown,
  error?: unknown,
) {
  const ref = useRef<element>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step and the error on purpose
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    ref.current?.focus()
  }, [step, error])
  return ref
}
