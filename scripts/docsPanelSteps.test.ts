import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { documentedPanelSteps } from '../test/helpers/documentedPanelStep.js'

const e2e = new URL('../test/e2e/', import.meta.url)
const specs = readdirSync(e2e)
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => readFileSync(new URL(name, e2e), 'utf8'))
  .join('\n')

describe("docs/panels.md's texts and roles", () => {
  const steps = documentedPanelSteps()

  it('documents each panel step once', () => {
    expect(steps.length).toBeGreaterThanOrEqual(8)
    const names = steps.map(({ step }) => step)
    expect(new Set(names).size).toBe(names.length)
  })

  it('holds each documented step to the live panel in an e2e test', () => {
    for (const { step } of steps)
      expect(specs, step).toContain(
        `expectAsDocumented(panel(page), '${step}')`,
      )
  })
})
