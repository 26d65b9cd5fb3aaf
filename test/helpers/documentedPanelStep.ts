import { readFileSync } from 'node:fs'

const panelsPage = new URL('../../docs/panels.md', import.meta.url)

/** Every step docs/panels.md documents: its name and its aria snapshot. */
export function documentedPanelSteps(page = readFileSync(panelsPage, 'utf8')) {
  return [
    ...page.matchAll(/^<!-- panel step: (\S+) -->\n```yaml\n([\s\S]*?)^```$/gm),
  ].map(([, step, snapshot]) => ({ step: step!, snapshot: snapshot! }))
}

let documented: ReturnType<typeof documentedPanelSteps> | undefined

/** The aria snapshot docs/panels.md gives for `step` (the page read once per worker). */
export function documentedPanelStep(step: string) {
  documented ??= documentedPanelSteps()
  const found = documented.find((entry) => entry.step === step)
  if (!found) throw new Error(`docs/panels.md documents no panel step ${step}`)
  return found.snapshot
}
