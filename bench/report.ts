/**
 * `npm run report`: rewrites the generated tables of docs/benchmarks.md from
 * bench/results/latest.json and bench/budgets.json, running nothing (after a
 * budget changed, without a new bench run).
 */
import { readFileSync } from 'node:fs'
import { type BenchResults, writeDocsTables } from './docsTables.js'

writeDocsTables(
  JSON.parse(
    readFileSync(new URL('results/latest.json', import.meta.url), 'utf8'),
  ) as BenchResults,
)
console.log(
  'Rewrote the tables of docs/benchmarks.md from bench/results/latest.json',
)
