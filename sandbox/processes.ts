import type { ChildProcess } from 'node:child_process'

/** Resolves once the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** SIGTERM, then SIGKILL if the child is still there after `graceMs`. */
export async function terminate(child: ChildProcess, graceMs = 3000) {
  const done = exited(child)
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await done
  clearTimeout(timer)
}
