import { stopOnSignals } from '../sandbox/stopOnSignals.js'
import { startPlayground } from './startPlayground.js'

const startedAt = performance.now()
const playground = await startPlayground({ kits: true })
const shutDown = stopOnSignals(playground.stop)

console.log(
  [
    `Playground ready in ${Math.round(performance.now() - startedAt)} ms (Ctrl-C stops it)`,
    `  open        ${playground.url}`,
    `  RainbowKit  ${playground.kitUrls?.rainbowkit}`,
    `  AppKit      ${playground.kitUrls?.appkit}`,
    ...Object.entries(playground.sandbox.rpcUrls).map(
      ([chainId, url]) => `  chain ${chainId.padEnd(5)} ${url}`,
    ),
  ].join('\n'),
)

const { who, asked } = await playground.sandbox.died
// Ctrl-C reaches the whole process group: a chain may end before our own handler runs.
if (asked) await shutDown(`${who} was asked to stop`)
console.error(`${who} stopped unexpectedly; shutting the playground down.`)
await playground.stop()
process.exit(1)
