import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'

const root = new URL('../../', import.meta.url).pathname

export type RunningCommand = {
  child: ChildProcess
  /** Everything printed so far, stdout and stderr together. */
  output(): string
  /** Resolves with the first match of `pattern` in the output. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>
  exited: Promise<number | null>
}

/** `npm run <script>` in its own process group, as a terminal would start it. */
export function npmRun(script: string, args: string[] = []): RunningCommand {
  return startCommand('npm', ['run', '--silent', script, '--', ...args])
}

/** A command in its own process group, from the repository's root unless `cwd`. */
export function startCommand(
  file: string,
  args: string[],
  { cwd = root, env }: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): RunningCommand {
  const child = spawn(file, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const listeners = new Set<() => void>()
  const onData = (chunk: Buffer) => {
    output += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output)
          if (!match) return
          done()
          resolve(match)
        }
        const timer = setTimeout(() => {
          done()
          reject(
            new Error(
              `No ${pattern} within ${timeoutMs} ms. Output:\n${output}`,
            ),
          )
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        check()
      })
    },
  }
}

/** Pids of the live processes in process group `pgid` (Linux /proc). */
export function processGroupMembers(pgid: number): number[] {
  const members: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the parenthesised command: state ppid pgrp …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(pgrp) === pgid && state !== 'Z') members.push(Number(entry))
    } catch {
      // The process ended while we looked.
    }
  }
  return members
}

/** Polls until the group is empty; returns what is left after `timeoutMs`. */
export async function waitForEmptyGroup(pgid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const left = processGroupMembers(pgid)
    if (left.length === 0 || Date.now() > deadline) return left
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Local addresses of the sockets listening on `port`, e.g. `127.0.0.1`. */
export function listeningAddresses(port: number): string[] {
  const addresses: string[] = []
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table = ''
    try {
      table = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    for (const line of table.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      if (!local || state !== '0A') continue
      const [hexAddress, hexPort] = local.split(':') as [string, string]
      if (Number.parseInt(hexPort, 16) !== port) continue
      addresses.push(decodeProcAddress(hexAddress))
    }
  }
  return addresses
}

function decodeProcAddress(hex: string) {
  if (hex.length === 8)
    return (hex.match(/../g) ?? [])
      .reverse()
      .map((b) => Number.parseInt(b, 16))
      .join('.')
  return hex === '00000000000000000000000001000000' ? '::1' : `ipv6:${hex}`
}

/** A port nothing listens on now, for a server that takes its port as an option. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
