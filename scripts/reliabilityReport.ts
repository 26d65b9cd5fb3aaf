/**
 * `npm run report`'s reliability half: the last passing run's figures
 * (test/reliability/results/lastRun.json, written by `npm test`) become the
 * docs' (latest.json, which git keeps), and docs/reliability.md's section is
 * rewritten from them. Without a new run it rewrites the section from latest.json.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs'
import {
  lastRunFile,
  type ReliabilityResults,
  reliabilityResultsFile,
  writeReliabilityDocs,
} from './reliabilityResults.js'

if (existsSync(lastRunFile)) {
  renameSync(lastRunFile, reliabilityResultsFile)
  console.log(
    'test/reliability/results/latest.json: the figures of the last passing run',
  )
}
writeReliabilityDocs(
  JSON.parse(
    readFileSync(reliabilityResultsFile, 'utf8'),
  ) as ReliabilityResults,
)
console.log('docs/reliability.md: figures written from latest.json')
