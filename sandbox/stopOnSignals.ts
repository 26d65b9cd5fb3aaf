/**
 * On Ctrl-C, SIGTERM or SIGHUP, or when the parent process (npm, a terminal)
 * goes away: run `stop` once, then exit. A second signal exits at once.
 */
export function stopOnSignals(stop: () => Promise<void>) {
  let stopping = false
  const shutDown = async (reason: string) => {
    if (stopping) process.exit(130)
    stopping = true
    console.log(`\n${reason}: stopping…`)
    try {
      await stop()
      process.exit(0)
    } catch (error) {
      console.error(error)
      process.exit(1)
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, shutDown)
  // A shell between npm and node may die of a signal without passing it on.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void shutDown('parent process exited')
  }, 500).unref()
}
