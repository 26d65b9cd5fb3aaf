/**
 * On Ctrl-C, SIGTERM or SIGHUP, or when the parent process (npm, a terminal)
 * goes away: run `stop` once, then exit. A second signal exits at once.
 * Returns the shut-down, for a child that got the signal first.
 */
export function stopOnSignals(stop: () => Promise<void>) {
  let stopping = false
  const shutDown = async (reason: string) => {
    if (stopping) return
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
  let signalsReceived = 0
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      signalsReceived += 1
      if (signalsReceived > 1) process.exit(130)
      void shutDown(signal)
    })
  // A shell between npm and node may die of a signal without passing it on.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void shutDown('parent process exited')
  }, 500).unref()
  return shutDown
}
