import { stopOnSignals } from '../sandbox/stopOnSignals.js'
import { startPlayground } from './startPlayground.js'

const startedAt = performance.now()
const playground = await startPlayground()
stopOnSignals(playground.stop)

console.log(
  [
    `Playground ready in ${Math.round(performance.now() - startedAt)} ms (Ctrl-C stops it)`,
    `  open        ${playground.url}`,
    ...Object.entries(playground.sandbox.rpcUrls).map(
      ([chainId, url]) => `  chain ${chainId.padEnd(5)} ${url}`,
    ),
  ].join('\n'),
)

const who = await playground.sandbox.died
console.error(`${who} stopped unexpectedly; shutting the playground down.`)
await playground.stop()
process.exit(1)
