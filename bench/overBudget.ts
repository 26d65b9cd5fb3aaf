import type { WeightResult } from './weight.js'

/** bench/budgets.json's budgets: bytes a bundle may add, by bundle name. */
export type Budgets = Record<
  string,
  { firstLoadAdded: number; everythingAdded: number }
>

/** Each figure over its budget, in words: the bundle, its bytes and its budget. */
export function overBudget(
  results: readonly WeightResult[],
  budgets: Budgets,
): string[] {
  const over: string[] = []
  for (const [bundle, budget] of Object.entries(budgets)) {
    const measured = results.find((result) => result.bundle === bundle)
    if (!measured) {
      over.push(`${bundle}: not measured by bench/weight.ts`)
      continue
    }
    for (const figure of ['firstLoadAdded', 'everythingAdded'] as const)
      if (measured[figure] > budget[figure])
        over.push(
          `${bundle}: ${figure} ${measured[figure]} B, over its budget of ${budget[figure]} B (bench/budgets.json)`,
        )
  }
  return over
}
