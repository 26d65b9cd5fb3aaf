import { expect, it } from 'vitest'
import { createSerialQueue } from './createSerialQueue.js'

const settleIn = <value>(ms: number, value: value, fail = false) =>
  new Promise<value>((resolve, reject) =>
    setTimeout(
      () => (fail ? reject(new Error(String(value))) : resolve(value)),
      ms,
    ),
  )

it('runs one task at a time and resolves in the order they came', async () => {
  const { enqueue } = createSerialQueue()
  const started: number[] = []
  const resolved: number[] = []
  let running = 0
  let mostAtOnce = 0
  const task = (index: number, ms: number) => async () => {
    started.push(index)
    mostAtOnce = Math.max(mostAtOnce, ++running)
    const value = await settleIn(ms, index)
    running--
    return value
  }
  const results = await Promise.all(
    [30, 1, 10].map((ms, index) =>
      enqueue(task(index, ms)).then((value) => {
        resolved.push(value)
        return value
      }),
    ),
  )
  expect(results).toEqual([0, 1, 2])
  expect(started).toEqual([0, 1, 2])
  expect(resolved).toEqual([0, 1, 2])
  expect(mostAtOnce).toBe(1)
})

it('a failed task rejects alone; the next one still runs', async () => {
  const { enqueue } = createSerialQueue()
  const first = enqueue(() => settleIn(5, 'refused', true))
  const second = enqueue(() => settleIn(1, 'signed'))
  await expect(first).rejects.toThrow('refused')
  await expect(second).resolves.toBe('signed')
})

it('clear rejects the running task and the waiting ones at once; the next task starts at once', async () => {
  const { enqueue, clear } = createSerialQueue()
  const stuck = enqueue(() => new Promise<string>(() => {}))
  const waiting = enqueue(() => settleIn(1, 'never run'))
  const gone = new Error('the session ended')
  clear(gone)
  await expect(stuck).rejects.toBe(gone)
  await expect(waiting).rejects.toBe(gone)
  await expect(enqueue(() => settleIn(1, 'next session'))).resolves.toBe(
    'next session',
  )
})

it("after clear, 'wait-for-running' starts the next task only once the abandoned one has ended", async () => {
  const { enqueue, clear } = createSerialQueue({
    afterClear: 'wait-for-running',
  })
  let endPrompt = () => {}
  const open: string[] = []
  const prompt = (name: string, ends: Promise<void>) => async () => {
    open.push(name)
    await ends
    open.splice(open.indexOf(name), 1)
    return name
  }
  const first = enqueue(
    prompt(
      'first',
      new Promise<void>((resolve) => {
        endPrompt = resolve
      }),
    ),
  )
  await Promise.resolve()
  expect(open).toEqual(['first'])
  const gone = new Error('disconnected')
  clear(gone)
  await expect(first).rejects.toBe(gone)
  const next = enqueue(prompt('next', Promise.resolve()))
  // The first prompt is still on screen: the next one must not open beside it.
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(open).toEqual(['first'])
  endPrompt()
  await expect(next).resolves.toBe('next')
  expect(open).toEqual([])
})
