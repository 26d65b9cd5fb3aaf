/**
 * `npm test`'s schedule: suites start in the order given while the weights of
 * those running fit the machine's cores, and the others wait in a queue. A
 * weight is the cores a suite keeps busy, on average, while it runs (its CPU
 * time over its run, which the schedule's table shows); one heavier than the
 * machine runs alone.
 */
import { rewriteMarkedSection } from './rewriteMarkedSection.js'

export type Job<result> = {
  name: string
  /** The cores the job keeps busy while it runs. */
  weight: number
  start: () => Promise<result>
}

export type Ran<result> = {
  name: string
  result: result
  /** Seconds from the schedule's start until the job started. */
  waited: number
  /** Seconds the job ran. */
  ran: number
}

/**
 * Runs `jobs` with at most `capacity` weight at once, in their order: a job
 * that does not fit lets a later, lighter one start before it (nothing starts
 * out of order while it would then fit itself). Answers each job's result in
 * the jobs' order, with the time it waited and ran.
 */
export function schedule<result>(
  jobs: readonly Job<result>[],
  capacity: number,
  now: () => number = Date.now,
): Promise<Ran<result>[]> {
  for (const job of jobs)
    if (!(job.weight > 0))
      throw new RangeError(`${job.name}: weight must be above 0`)
  if (!(capacity > 0)) throw new RangeError('capacity must be above 0')
  const startedAt = now()
  const seconds = (from: number) => Math.round((now() - from) / 1000)
  const queue = jobs.map((job, index) => ({ job, index }))
  const results: Ran<result>[] = new Array(jobs.length)
  let running = 0
  let load = 0
  return new Promise((resolve, reject) => {
    const next = () => {
      for (let i = 0; i < queue.length; ) {
        const { job, index } = queue[i]!
        if (running > 0 && load + job.weight > capacity) {
          i++
          continue
        }
        queue.splice(i, 1)
        running++
        load += job.weight
        const waited = seconds(startedAt)
        const jobStartedAt = now()
        job.start().then((result) => {
          running--
          load -= job.weight
          results[index] = {
            name: job.name,
            result,
            waited,
            ran: seconds(jobStartedAt),
          }
          if (queue.length === 0 && running === 0) resolve(results)
          else next()
        }, reject)
      }
    }
    if (jobs.length === 0) resolve([])
    else next()
  })
}

/** A passing `npm test`'s schedule, as docs/testing.md shows it. */
export type ScheduleResults = {
  /** ISO date of the run. */
  date: string
  /** CPUs and memory. */
  machine: string
  /** `process.version` of the run. */
  node: string
  /** The weight the run allowed at once: the machine's cores. */
  capacity: number
  /** The cores other processes kept busy in the second before the run. */
  busyCoresBefore: number
  /** The whole run's seconds. */
  seconds: number
  suites: {
    name: string
    weight: number
    waited: number
    ran: number
    /** CPU seconds of the suite's processes, where the machine counts them. */
    cpu?: number
  }[]
}

/** The schedule docs/testing.md shows (tracked): `npm run report` writes it from the last run. */
export const scheduleResultsFile = new URL(
  '../test/schedule/latest.json',
  import.meta.url,
)
/** The last passing run's schedule, which `npm test` writes (ignored by git). */
export const scheduleLastRunFile = new URL(
  '../test/schedule/lastRun.json',
  import.meta.url,
)

/** The generated section of docs/testing.md. */
export function renderScheduleSection(results: ScheduleResults) {
  return [
    `Latest passing run: ${results.date.slice(0, 10)}, ${results.machine}, Node ${results.node}; ${results.busyCoresBefore} ${results.busyCoresBefore === 1 ? 'core' : 'cores'} busy with other work in the second before it started. It took ${results.seconds} s, with at most weight ${results.capacity} at once:`,
    '',
    scheduleTable(results.suites),
  ].join('\n')
}

/** Each suite's weight, wait in the queue and run, in seconds, in start order. */
export function scheduleTable(suites: ScheduleResults['suites']) {
  return [
    '| suite | weight | waited (s) | ran (s) | ended at (s) | CPU (s) | cores used |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[...suites]
      .sort((a, b) => a.waited - b.waited)
      .map(
        ({ name, weight, waited, ran, cpu }) =>
          `| ${name} | ${weight} | ${waited} | ${ran} | ${waited + ran} | ${cpu ?? '–'} | ${cpu === undefined || ran === 0 ? '–' : (cpu / ran).toFixed(2)} |`,
      ),
  ].join('\n')
}

const testingPage = new URL('../docs/testing.md', import.meta.url)

/** Rewrites docs/testing.md's schedule section from a run's results. */
export function writeScheduleDocs(results: ScheduleResults) {
  rewriteMarkedSection(testingPage, 'schedule', renderScheduleSection(results))
}
