import type { WeightResult } from './weight.js'
import type { BrowserWeight } from './weightInBrowser.js'
import type { RenderingWeightResult } from './weightRendering.js'
import type { ViteWeightResult } from './weightWithVite.js'

/**
 * bench/budgets.json's budgets: bytes a bundle may add, by bundle name;
 * `viteFirstLoadAdded` is the first load of the Vite production build.
 */
export type Budgets = Record<
  string,
  {
    firstLoadAdded: number
    everythingAdded: number
    viteFirstLoadAdded: number
  }
>

/** Each figure over its budget, in words: the bundle, its bytes and its budget. */
export function overBudget(
  results: readonly WeightResult[],
  viteResults: readonly ViteWeightResult[],
  budgets: Budgets,
): string[] {
  const over: string[] = []
  for (const [bundle, budget] of Object.entries(budgets)) {
    const measured = results.find((result) => result.bundle === bundle)
    const vite = viteResults.find((result) => result.bundle === bundle)
    if (!measured || !vite) {
      over.push(
        `${bundle}: not measured by ${measured ? 'bench/weightWithVite.ts' : 'bench/weight.ts'}`,
      )
      continue
    }
    const figures = {
      firstLoadAdded: measured.firstLoadAdded,
      everythingAdded: measured.everythingAdded,
      viteFirstLoadAdded: vite.firstLoadAdded,
    }
    for (const [figure, bytes] of Object.entries(figures))
      if (bytes > budget[figure as keyof typeof figures])
        over.push(
          `${bundle}: ${figure} ${bytes} B, over its budget of ${budget[figure as keyof typeof figures]} B (bench/budgets.json)`,
        )
  }
  return over
}

/** bench/budgets.json's `connectFlows`: what each connect flow may fetch in Chromium, beyond the baseline. */
export type ConnectFlowBudgets = Record<string, { connectFetchedAdded: number }>

/** Each connect flow over its budget (or not measured), in words. */
export function connectFlowsOverBudget(
  rows: readonly BrowserWeight[],
  budgets: ConnectFlowBudgets,
): string[] {
  return Object.entries(budgets).flatMap(([bundle, budget]) => {
    const measured = rows.find((row) => row.bundle === bundle)
    if (!measured)
      return [`${bundle}: not measured by bench/weightInBrowser.ts`]
    return measured.jsBytesAdded > budget.connectFetchedAdded
      ? [
          `${bundle}: connectFetchedAdded ${measured.jsBytesAdded} B, over its budget of ${budget.connectFetchedAdded} B (bench/budgets.json)`,
        ]
      : []
  })
}

/** bench/budgets.json's `renderingHost`: what the pack may add to a rendering host's first load, by bundler. */
export type RenderingBudgets = Record<
  string,
  { firstLoadAdded: number; files: number }
>

/** Each bundler whose rendering host is over its budget (or not measured), in words. */
export function renderingOverBudget(
  rows: readonly RenderingWeightResult[],
  budgets: RenderingBudgets,
): string[] {
  return Object.entries(budgets).flatMap(([bundler, budget]) => {
    const measured = rows.find(
      (row) => row.bundler === bundler && row.bundle === 'whole pack',
    )
    if (!measured)
      return [`${bundler}: not measured by bench/weightRendering.ts`]
    return [
      ...(measured.firstLoadAdded > budget.firstLoadAdded
        ? [
            `${bundler}: the rendering host's first load adds ${measured.firstLoadAdded} B, over its budget of ${budget.firstLoadAdded} B (bench/budgets.json)`,
          ]
        : []),
      ...(measured.files > budget.files
        ? [
            `${bundler}: the rendering host's first load is ${measured.files} files, over its budget of ${budget.files} (bench/budgets.json)`,
          ]
        : []),
    ]
  })
}
