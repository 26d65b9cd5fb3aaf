import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { exited, terminate } from '../processes.js'
import { findAnvilBinary } from './findAnvilBinary.js'

export type StartAnvilParameters = {
  chainId: number
  /** Seconds between blocks (interval mining), fractions allowed. */
  blockTime: number
  mnemonic: string
}

export type AnvilInstance = {
  chainId: number
  rpcUrl: string
  /**
   * Settles when the process ends by itself (not by `crash()` or `stop()`):
   * `asked` when it ended as a stop signal asks (anvil ends with code 0 on
   * SIGINT and SIGTERM, and never ends with 0 on its own).
   */
  exited: Promise<{ asked: boolean }>
  /**
   * Fault injection: the node dies at once (SIGKILL) and its port refuses
   * connections until `restart()`. Its chain is kept, as a real node's database is.
   */
  crash(): Promise<void>
  /** Starts the node again on the same port with the chain it had when it crashed. */
  restart(): Promise<void>
  stop(): Promise<void>
}

type Launch = { chainId: number; port: number; arguments: string[] }

/** Spawns anvil and resolves once it listens, with the port it took. */
async function launch({ chainId, port, arguments: extra }: Launch) {
  const child = spawn(
    findAnvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(chainId),
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const listening = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Keep only the head: anvil logs every block and the pipe must keep draining.
      if (output.length < 64_000) output += chunk.toString()
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)
      if (match) resolve(Number(match[1]))
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `anvil (chain ${chainId}) exited before listening (code ${code}, signal ${signal}):\n${output.slice(-2000)}`,
        ),
      ),
    )
  })
  child.removeAllListeners('exit')
  return { child, port: listening }
}

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: unknown }
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result
}

/** Starts a real anvil on 127.0.0.1 and a port the OS picks. */
export async function startAnvil({
  chainId,
  blockTime,
  mnemonic,
}: StartAnvilParameters): Promise<AnvilInstance> {
  const chainArguments = [
    // EIP-7702 (set-code transactions) is what the Gas Station's sponsored
    // batches stand on; pinned, so a newer anvil's default cannot change the rules.
    '--hardfork',
    'prague',
    '--block-time',
    String(blockTime),
    '--mnemonic',
    mnemonic,
  ]
  const first = await launch({ chainId, port: 0, arguments: chainArguments })
  const rpcUrl = `http://127.0.0.1:${first.port}`
  let child: ChildProcess = first.child
  // Set while the test world, not the node, ended the process.
  let intended = false
  let endedByItself!: (ending: { asked: boolean }) => void
  const exitedByItself = new Promise<{ asked: boolean }>((resolve) => {
    endedByItself = resolve
  })
  const watch = (process: ChildProcess) =>
    void exited(process).then(() => {
      if (!intended)
        endedByItself({
          asked: process.exitCode === 0 || process.signalCode !== null,
        })
    })
  watch(child)
  let stateFolder: string | undefined

  return {
    chainId,
    rpcUrl,
    exited: exitedByItself,
    async crash() {
      // anvil_dumpState answers gzip in hex; --load-state takes the JSON.
      const dumped = (await rpc(rpcUrl, 'anvil_dumpState')) as string
      stateFolder ??= mkdtempSync(join(tmpdir(), `anvil-${chainId}-`))
      writeFileSync(
        join(stateFolder, 'state.json'),
        gunzipSync(Buffer.from(dumped.slice(2), 'hex')),
      )
      intended = true
      child.kill('SIGKILL')
      await exited(child)
    },
    async restart() {
      if (!stateFolder) throw new Error('restart() follows crash()')
      const next = await launch({
        chainId,
        port: first.port,
        arguments: [
          ...chainArguments,
          '--load-state',
          join(stateFolder, 'state.json'),
        ],
      })
      child = next.child
      intended = false
      watch(child)
    },
    async stop() {
      intended = true
      await terminate(child)
      if (stateFolder) rmSync(stateFolder, { recursive: true, force: true })
    },
  }
}
