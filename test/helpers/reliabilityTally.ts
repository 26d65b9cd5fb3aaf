import { appendFileSync } from 'node:fs'

/**
 * What the reliability suite checked, summed by `npm test` into its summary line:
 * - `fault`: a named fault scenario whose test injected the fault and checked what
 *   the user sees after it (counted once per name, however often it is recorded);
 * - `badInput`: a named bad-input case whose checks passed (once per name);
 * - `fuzzIteration`: generated inputs a fuzz test tried (summed);
 * - `loadRequest`: requests sent under load (summed);
 * - `soakStep`: steps of the soak, each followed by its invariants (summed).
 */
export type TallyKind =
  | 'fault'
  | 'badInput'
  | 'fuzzIteration'
  | 'loadRequest'
  | 'soakStep'

/**
 * Records `count` of `kind` as a JSON line in the file `npm test` names in
 * RELIABILITY_TALLY; outside `npm test` it records nothing. Call it after the
 * checks the figure stands for have passed, so that a failing test adds nothing.
 */
export function tally(kind: TallyKind, what: string, count = 1) {
  const file = process.env.RELIABILITY_TALLY
  if (!file) return
  appendFileSync(file, `${JSON.stringify({ kind, what, count })}\n`)
}
