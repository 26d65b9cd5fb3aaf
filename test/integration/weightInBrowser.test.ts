import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import {
  type ConnectFlowBudgets,
  connectFlowsOverBudget,
} from '../../bench/overBudget.js'
import { weightInBrowser } from '../../bench/weightInBrowser.js'

const { connectFlows } = JSON.parse(
  readFileSync(new URL('../../bench/budgets.json', import.meta.url), 'utf8'),
) as { connectFlows: ConnectFlowBudgets }

// Bytes Chromium fetched are deterministic too (each checked against the
// gzipped file the server sent), so each connect flow's budget is a test.
it('each connect flow fetches within bench/budgets.json, and walletConnectDeepLink no more than wagmi walletConnect()', async () => {
  const rows = await weightInBrowser()
  expect(connectFlowsOverBudget(rows, connectFlows)).toEqual([])
  const added = (bundle: string) =>
    rows.find((row) => row.bundle === bundle)!.jsBytesAdded
  expect(added('walletConnectDeepLink')).toBeLessThanOrEqual(
    added('wagmi walletConnect()'),
  )
  // Builds and a browser beside the other suites on a 2-core machine: a hang guard, not a timing.
}, 600_000)
