import { appendFileSync } from 'node:fs'

/** What the reliability suite did, summed by `npm test` into its summary line. */
export type TallyKind = 'fault' | 'badInput' | 'loadRequest'

/**
 * Records `count` of `kind` at the moment it happens (a fault injected, a bad
 * input tried, a request sent under load), as a JSON line in the file
 * `npm test` names in RELIABILITY_TALLY. Outside `npm test` it records nothing.
 */
export function tally(kind: TallyKind, what: string, count = 1) {
  const file = process.env.RELIABILITY_TALLY
  if (!file) return
  appendFileSync(file, `${JSON.stringify({ kind, what, count })}\n`)
}
