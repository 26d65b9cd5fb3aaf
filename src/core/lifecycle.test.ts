import { describe, expect, it } from 'vitest'
import { createListeners, loadOnce } from './connector.js'
import {
  createSerialQueue,
  createSupersession,
  singleFlight,
} from './lifecycle.js'

/** A make() whose calls are counted and whose result the test settles. */
function controlled<value>() {
  const calls: { resolve(value: value): void; reject(error: Error): void }[] =
    []
  const make = () =>
    new Promise<value>((resolve, reject) => calls.push({ resolve, reject }))
  return { make, calls }
}

describe('loadOnce', () => {
  it('makes the value once, however many ask meanwhile, and keeps it', async () => {
    const { make, calls } = controlled<string>()
    const loader = loadOnce(make)
    expect(loader.value).toBeUndefined()
    expect(loader.loading).toBe(false)
    const first = loader.load()
    const second = loader.load()
    expect(loader.loading).toBe(true)
    expect(calls).toHaveLength(1)
    calls[0]!.resolve('made')
    expect(await first).toBe('made')
    expect(await second).toBe('made')
    expect(loader.value).toBe('made')
    expect(loader.loading).toBe(false)
    expect(await loader.load()).toBe('made')
    expect(calls).toHaveLength(1)
  })

  it('after a failure, the next load tries again; the failure reaches those who asked', async () => {
    const { make, calls } = controlled<number>()
    const loader = loadOnce(make)
    const failing = loader.load()
    calls[0]!.reject(new Error('offline'))
    await expect(failing).rejects.toThrow('offline')
    expect(loader.value).toBeUndefined()
    expect(loader.loading).toBe(false)
    const retried = loader.load()
    expect(calls).toHaveLength(2)
    calls[1]!.resolve(7)
    expect(await retried).toBe(7)
  })

  it('current() gives the value once made, without starting it; undefined when not started or failed', async () => {
    const { make, calls } = controlled<string>()
    const loader = loadOnce(make)
    expect(await loader.current()).toBeUndefined()
    expect(calls).toHaveLength(0)
    const loading = loader.load()
    const current = loader.current()
    calls[0]!.resolve('there')
    await loading
    expect(await current).toBe('there')

    const failed = loadOnce(() => Promise.reject(new Error('no')))
    await failed.load().catch(() => undefined)
    expect(await failed.current()).toBeUndefined()
  })
  it('call() hands the value to its caller at once when made, with nothing awaited, else once made', async () => {
    const { make, calls } = controlled<{ name: string }>()
    const loader = loadOnce(make)
    const seen: string[] = []
    const early = loader.call((value) => seen.push(`early ${value.name}`))
    expect(seen).toEqual([])
    calls[0]!.resolve({ name: 'runtime' })
    await early
    void loader.call((value) => seen.push(`late ${value.name}`))
    expect(seen).toEqual(['early runtime', 'late runtime'])
    await expect(
      loader.call(() => {
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
  })
})

describe('createSupersession', () => {
  it('hands out one live signal until superseded, then aborts every one handed out', () => {
    const work = createSupersession()
    const first = work.current()
    const second = work.current()
    expect(first).toBe(second)
    expect(first.aborted).toBe(false)
    const next = work.supersede()
    expect([first.aborted, second.aborted, next.aborted]).toEqual([
      true,
      true,
      false,
    ])
    expect(work.current()).toBe(next)
  })

  it('stops work that was handed the signal: a fetch-like wait rejects at once', async () => {
    const work = createSupersession()
    const signal = work.current()
    const waiting = new Promise((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason)),
    )
    work.supersede()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('each supersede ends only what came before it', () => {
    const work = createSupersession()
    work.supersede()
    const afterFirst = work.current()
    const afterSecond = work.supersede()
    expect(afterFirst.aborted).toBe(true)
    expect(afterSecond.aborted).toBe(false)
  })
})

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

it('a task starts at once, within the call, when none runs or waits; else after the one before', async () => {
  const { enqueue } = createSerialQueue()
  const started: string[] = []
  let finishFirst = () => {}
  const first = enqueue(async () => {
    started.push('first')
    await new Promise<void>((resolve) => {
      finishFirst = resolve
    })
  })
  // No await came before it: a user's tap still counts.
  expect(started).toEqual(['first'])
  const second = enqueue(async () => {
    started.push('second')
  })
  expect(started).toEqual(['first'])
  finishFirst()
  await Promise.all([first, second])
  expect(started).toEqual(['first', 'second'])
  await new Promise((resolve) => setTimeout(resolve, 0))
  void enqueue(async () => {
    started.push('third')
  })
  expect(started).toEqual(['first', 'second', 'third'])
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

it("a request queue cleared by a disconnect leaves its prompt in the prompts' queue: the next prompt opens only once the abandoned one has ended", async () => {
  const { enqueue: enqueueRequest, clear } = createSerialQueue()
  // The page's passkey prompts, never cleared (passkeyWallet's ceremonies).
  const prompts = createSerialQueue()
  const enqueue = (task: () => Promise<string>) =>
    enqueueRequest(() => prompts.enqueue(task))
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

it('on hears every emit until removed; once hears the next emit only', () => {
  const listeners = createListeners()
  const heard: string[] = []
  const always = (uri: string) => heard.push(`on ${uri}`)
  listeners.on('display_uri', always)
  listeners.once('display_uri', (uri: string) => heard.push(`once ${uri}`))
  listeners.emit('display_uri', 'wc:1')
  listeners.emit('display_uri', 'wc:2')
  listeners.removeListener('display_uri', always)
  listeners.emit('display_uri', 'wc:3')
  expect(heard).toEqual(['on wc:1', 'once wc:1', 'on wc:2'])
})

it('a once listener waits for its own event', () => {
  const listeners = createListeners()
  const heard: unknown[] = []
  listeners.once('chainChanged', (id) => heard.push(id))
  listeners.emit('accountsChanged', [])
  expect(heard).toEqual([])
})

describe('singleFlight', () => {
  it('a call made while one is under way joins it: the task runs once', async () => {
    const { make, calls } = controlled<string>()
    const flight = singleFlight<string>()
    expect(flight.running()).toBe(false)
    const first = flight.run(make)
    const second = flight.run(make)
    expect(second).toBe(first)
    expect(flight.running()).toBe(true)
    expect(calls).toHaveLength(1)
    calls[0]!.resolve('done')
    expect(await second).toBe('done')
    expect(flight.running()).toBe(false)
  })

  it('starts afresh once the call settled, a failed one too', async () => {
    const { make, calls } = controlled<string>()
    const flight = singleFlight<string>()
    const failed = flight.run(make)
    const joined = flight.run(make)
    calls[0]!.reject(new Error('no answer'))
    await expect(failed).rejects.toThrow('no answer')
    await expect(joined).rejects.toThrow('no answer')
    const next = flight.run(make)
    expect(calls).toHaveLength(2)
    calls[1]!.resolve('second')
    expect(await next).toBe('second')
  })

  it('keeps one call per key: other keys run beside it', async () => {
    const { make, calls } = controlled<string>()
    const flight = singleFlight<string, string>()
    const a = flight.run(make, 'a')
    const b = flight.run(make, 'b')
    expect(flight.run(make, 'a')).toBe(a)
    expect(calls).toHaveLength(2)
    calls[1]!.resolve('b done')
    expect(await b).toBe('b done')
    expect(flight.running('a')).toBe(true)
    expect(flight.running('b')).toBe(false)
    calls[0]!.resolve('a done')
    expect(await a).toBe('a done')
    expect(flight.running('a')).toBe(false)
  })
})
