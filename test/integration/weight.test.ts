import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { type Budgets, overBudget } from '../../bench/overBudget.js'
import { weight } from '../../bench/weight.js'

const { budgets } = JSON.parse(
  readFileSync(new URL('../../bench/budgets.json', import.meta.url), 'utf8'),
) as { budgets: Budgets }

// Bytes are deterministic (the lockfile's dependencies, esbuild, gzip): a
// budget is a test that fails, unlike a timing.
it('every subpath and the whole pack stay within bench/budgets.json', async () => {
  const results = await weight({ only: Object.keys(budgets) })
  expect(overBudget(results, budgets)).toEqual([])
}, 60_000)

it('a bundle over its budget is named with its bytes and its budget', () => {
  const result = {
    bundle: 'whole pack',
    firstLoad: 0,
    firstLoadAdded: 7000,
    everything: 0,
    everythingAdded: 10,
  }
  expect(
    overBudget([result], {
      'whole pack': { firstLoadAdded: 6144, everythingAdded: 10 },
      missing: { firstLoadAdded: 1, everythingAdded: 1 },
    }),
  ).toEqual([
    'whole pack: firstLoadAdded 7000 B, over its budget of 6144 B (bench/budgets.json)',
    'missing: not measured by bench/weight.ts',
  ])
})
