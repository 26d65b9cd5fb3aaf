/**
 * `npm run report`'s schedule part: the last passing `npm test`'s schedule
 * (test/schedule/lastRun.json) becomes the docs' (latest.json, which git
 * keeps), and docs/testing.md's section is rewritten from it. Without a new
 * run it rewrites the section from latest.json.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs'
import {
  type ScheduleResults,
  scheduleLastRunFile,
  scheduleResultsFile,
  writeScheduleDocs,
} from './schedule.js'

if (existsSync(scheduleLastRunFile)) {
  renameSync(scheduleLastRunFile, scheduleResultsFile)
  console.log('test/schedule/latest.json: the schedule of the last passing run')
}
writeScheduleDocs(
  JSON.parse(readFileSync(scheduleResultsFile, 'utf8')) as ScheduleResults,
)
console.log('docs/testing.md: the schedule written from latest.json')
