import { useEffect, useRef } from 'react'

/**
 * Moves keyboard focus to the returned element whenever `step` or `error`
 * changes: keyboard and screen-reader users land on the new step, or back on
 * the field to retry (a disabled field lost focus). While `step` is
 * `undefined` (the flow still loading) and when the first step appears,
 * focus stays where the user has it: the page may be busy elsewhere.
 */
export function useFocusOnChange<element extends HTMLElement>(
  step: unknown,
  error?: unknown,
) {
  const ref = useRef<element>(null)
  const previous = useRef<unknown>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step and the error on purpose
  useEffect(() => {
    const was = previous.current
    previous.current = step
    if (was === undefined || step === undefined) return
    ref.current?.focus()
  }, [step, error])
  return ref
}
