/**
 * CPU time as the kernel counts it: what a process and everything it started
 * used (Linux's /proc), and the cores the machine kept busy. `npm test` reports
 * both with its schedule, so that a suite's weight is a figure from a run.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux ABI). */
const ticksPerSecond = 100

type Stat = { parent: number; ticks: number }

/** A process's parent and its CPU ticks, with those of its children that ended. */
function readStat(pid: number): Stat | undefined {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // The command name, in parentheses, may hold spaces: the fields start after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  const field = (n: number) => Number(fields[n - 3])
  return {
    parent: field(4),
    ticks: field(14) + field(15) + field(16) + field(17),
  }
}

function processTable() {
  const table = new Map<number, Stat>()
  let names: string[]
  try {
    names = readdirSync('/proc')
  } catch {
    return table
  }
  for (const name of names) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    const stat = readStat(pid)
    if (stat) table.set(pid, stat)
  }
  return table
}

/**
 * Follows the CPU seconds of process trees, each second: a tree's figure is
 * the last it reached before its root ended (its last second's work is left
 * out). Answers nothing where there is no /proc.
 */
export function followCpuTime() {
  const trees = new Map<number, number>()
  const sample = () => {
    if (trees.size === 0) return
    const table = processTable()
    const children = new Map<number, number[]>()
    for (const [pid, { parent }] of table)
      children.set(parent, [...(children.get(parent) ?? []), pid])
    for (const [root, seconds] of trees) {
      if (!table.has(root)) continue
      let ticks = 0
      const pending = [root]
      while (pending.length > 0) {
        const pid = pending.pop()!
        ticks += table.get(pid)?.ticks ?? 0
        pending.push(...(children.get(pid) ?? []))
      }
      trees.set(root, Math.max(seconds, ticks / ticksPerSecond))
    }
  }
  const timer = setInterval(sample, 1000)
  timer.unref()
  return {
    follow(pid: number) {
      trees.set(pid, 0)
    },
    /** The tree's CPU seconds so far, and stops following it. */
    end(pid: number): number | undefined {
      const seconds = trees.get(pid)
      trees.delete(pid)
      return seconds === undefined || seconds === 0
        ? undefined
        : Math.round(seconds)
    },
    stop() {
      clearInterval(timer)
    },
  }
}

/**
 * The cores busy with any work over `ms`: what the machine gave to anything
 * but idle, from the kernel's per-core counters.
 */
export async function busyCores(ms = 1000) {
  const totals = () =>
    cpus().reduce(
      (sum, { times }) => {
        const all = times.user + times.nice + times.sys + times.irq + times.idle
        return { all: sum.all + all, idle: sum.idle + times.idle }
      },
      { all: 0, idle: 0 },
    )
  const before = totals()
  await new Promise((resolve) => setTimeout(resolve, ms))
  const after = totals()
  const all = after.all - before.all
  const busy = all > 0 ? 1 - (after.idle - before.idle) / all : 0
  return Math.round(busy * cpus().length * 10) / 10
}
