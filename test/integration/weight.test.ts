import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { type Budgets, overBudget } from '../../bench/overBudget.js'
import { weight } from '../../bench/weight.js'
import { weightWithVite } from '../../bench/weightWithVite.js'

const { budgets } = JSON.parse(
  readFileSync(new URL('../../bench/budgets.json', import.meta.url), 'utf8'),
) as { budgets: Budgets }

// Bytes are deterministic (the lockfile's dependencies, esbuild, gzip): a
// budget is a test that fails, unlike a timing.
it('every subpath and the whole pack stay within bench/budgets.json', async () => {
  const only = Object.keys(budgets)
  const [results, viteResults] = await Promise.all([
    weight({ only }),
    weightWithVite({ only }),
  ])
  expect(overBudget(results, viteResults, budgets)).toEqual([])
}, 60_000)

it('a bundle over its budget is named with its bytes and its budget', () => {
  const result = {
    bundle: 'whole pack',
    firstLoad: 0,
    firstLoadAdded: 7000,
    everything: 0,
    everythingAdded: 10,
  }
  const vite = {
    bundle: 'whole pack',
    firstLoad: 0,
    firstLoadAdded: 9000,
    files: 3,
  }
  const budget = {
    firstLoadAdded: 6144,
    everythingAdded: 10,
    viteFirstLoadAdded: 8000,
  }
  expect(
    overBudget([result], [vite], { 'whole pack': budget, missing: budget }),
  ).toEqual([
    'whole pack: firstLoadAdded 7000 B, over its budget of 6144 B (bench/budgets.json)',
    'whole pack: viteFirstLoadAdded 9000 B, over its budget of 8000 B (bench/budgets.json)',
    'missing: not measured by bench/weight.ts',
  ])
})
