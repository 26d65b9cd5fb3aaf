import { spawn } from 'node:child_process'
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
  /** Settles when the process ends, for whatever reason. */
  exited: Promise<void>
  stop(): Promise<void>
}

/** Starts a real anvil on 127.0.0.1 and a port the OS picks. */
export async function startAnvil({
  chainId,
  blockTime,
  mnemonic,
}: StartAnvilParameters): Promise<AnvilInstance> {
  const child = spawn(
    findAnvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--chain-id',
      String(chainId),
      '--block-time',
      String(blockTime),
      '--mnemonic',
      mnemonic,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
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
  return {
    chainId,
    rpcUrl: `http://127.0.0.1:${port}`,
    exited: exited(child),
    stop: () => terminate(child),
  }
}
