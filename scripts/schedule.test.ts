import { describe, expect, it } from 'vitest'
import { type Job, schedule, scheduleTable } from './schedule.js'

/** Jobs that end when the test says so, and the order they started in. */
function controlledJobs(weights: Record<string, number>) {
  const started: string[] = []
  const finish: Record<string, () => void> = {}
  const jobs: Job<string>[] = Object.entries(weights).map(([name, weight]) => ({
    name,
    weight,
    start: () => {
      started.push(name)
      return new Promise<string>((resolve) => {
        finish[name] = () => resolve(`${name} done`)
      })
    },
  }))
  return { jobs, started, finish }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('schedule', () => {
  it('starts jobs while their weights fit the capacity, and queues the rest', async () => {
    const { jobs, started, finish } = controlledJobs({
      browser: 1.5,
      check: 1,
      unit: 0.5,
    })
    const done = schedule(jobs, 2)
    await settle()
    expect(started).toEqual(['browser', 'unit'])
    finish.browser!()
    await settle()
    expect(started).toEqual(['browser', 'unit', 'check'])
    finish.unit!()
    finish.check!()
    const ran = await done
    expect(ran.map(({ name, result }) => [name, result])).toEqual([
      ['browser', 'browser done'],
      ['check', 'check done'],
      ['unit', 'unit done'],
    ])
  })

  it('runs a job heavier than the machine alone', async () => {
    const { jobs, started, finish } = controlledJobs({ heavy: 3, light: 0.5 })
    const done = schedule(jobs, 2)
    await settle()
    expect(started).toEqual(['heavy'])
    finish.heavy!()
    await settle()
    expect(started).toEqual(['heavy', 'light'])
    finish.light!()
    expect((await done).map(({ name }) => name)).toEqual(['heavy', 'light'])
  })

  it("reports each job's wait in the queue and its run, in seconds", async () => {
    let clock = 0
    const { jobs, finish } = controlledJobs({ first: 2, second: 2 })
    const done = schedule(jobs, 2, () => clock)
    await settle()
    clock = 90_000
    finish.first!()
    await settle()
    clock = 150_000
    finish.second!()
    const ran = await done
    expect(ran.map(({ name, waited, ran }) => ({ name, waited, ran }))).toEqual(
      [
        { name: 'first', waited: 0, ran: 90 },
        { name: 'second', waited: 90, ran: 60 },
      ],
    )
    expect(
      scheduleTable(
        ran.map(({ name, waited, ran }) => ({ name, weight: 2, waited, ran })),
      ),
    ).toContain('| second | 2 | 90 | 60 | 150 |')
  })

  it('refuses a weight or a capacity that is not above 0', () => {
    const { jobs } = controlledJobs({ none: 0 })
    expect(() => schedule(jobs, 2)).toThrow('none: weight must be above 0')
    expect(() => schedule([], 0)).toThrow('capacity must be above 0')
  })
})
