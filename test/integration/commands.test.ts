import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  listeningAddresses,
  npmRun,
  processGroupMembers,
  type RunningCommand,
  waitForEmptyGroup,
} from '../helpers/processes.js'

// A guard against a hang, not a timing: a busy 2-core CI machine starts them slowly.
const readyWithin = 120_000
// Each test waits for a start, checks, and waits for the group to end.
vi.setConfig({ testTimeout: readyWithin + 60_000 })

const running: RunningCommand[] = []
afterEach(() => {
  // Never leave a failed test's processes behind.
  for (const command of running.splice(0))
    for (const pid of processGroupMembers(command.child.pid!))
      process.kill(pid, 'SIGKILL')
})

function start(script: string, args: string[] = []) {
  const command = npmRun(script, args)
  running.push(command)
  return command
}

async function chainIdAt(url: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
  })
  return Number(((await response.json()) as { result: string }).result)
}

function commandLineOf(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
  } catch {
    return '' // it ended while we looked
  }
}

function chainUrls(output: string) {
  return [...output.matchAll(/chain (\d+)\s+(http:\/\/\S+)/g)].map(
    ([, id, url]) => ({ id: Number(id), url: url! }),
  )
}

describe('npm run sandbox', () => {
  it('serves chains 1 and 8453 on 127.0.0.1, names every address a host needs, and leaves nothing behind after Ctrl-C', async () => {
    const sandbox = start('sandbox', ['--origin', 'http://localhost:3000'])
    await sandbox.waitFor(/Sandbox ready in \d+ ms/, readyWithin)
    const chains = chainUrls(sandbox.output())
    expect(chains.map((chain) => chain.id)).toEqual([1, 8453])
    expect(sandbox.output()).toMatch(
      /allows http:\/\/localhost:5173, http:\/\/localhost:3000\)/,
    )
    const frameUrl = /export frame +(\S+)/.exec(sandbox.output())?.[1]
    expect(sandbox.output()).toContain(
      `recovery frame ${frameUrl} (the same page: passkeyWallet's recovery.frameUrl)`,
    )
    for (const chain of chains) {
      expect(await chainIdAt(chain.url)).toBe(chain.id)
      expect(listeningAddresses(Number(new URL(chain.url).port))).toEqual([
        '127.0.0.1',
      ])
    }
    expect(
      processGroupMembers(sandbox.child.pid!).length,
    ).toBeGreaterThanOrEqual(3)

    process.kill(-sandbox.child.pid!, 'SIGINT') // what Ctrl-C does in a terminal
    await sandbox.exited
    expect(await waitForEmptyGroup(sandbox.child.pid!, 30_000)).toEqual([])
    // Whoever the signal reached first (the sandbox, or a chain), it stops as asked.
    expect(sandbox.output()).toMatch(/(SIGINT|was asked to stop): stopping/)
    for (const chain of chains)
      await expect(chainIdAt(chain.url)).rejects.toThrow()
  })

  it('--help lists every option and starts nothing', async () => {
    const help = start('sandbox', ['--help'])
    expect(await help.exited).toBe(0)
    for (const option of ['--origin <url>', '--data <file>', '-h, --help'])
      expect(help.output()).toContain(option)
    expect(help.output()).not.toContain('Sandbox ready')
  })

  it('an origin browsers refuse passkeys on, or an unknown option, says why and starts nothing', async () => {
    const badOrigin = start('sandbox', ['--origin', 'http://app.example'])
    expect(await badOrigin.exited).toBe(2)
    expect(badOrigin.output()).toContain(
      'origin "http://app.example" must be https (http only on localhost)',
    )
    const unknown = start('sandbox', ['--port', '8545'])
    expect(await unknown.exited).toBe(2)
    expect(unknown.output()).toContain("Unknown option '--port'")
    expect(unknown.output()).toContain('Usage: npm run sandbox -- [options]')
    for (const command of [badOrigin, unknown])
      expect(command.output()).not.toContain('Sandbox ready')
  })

  it('stops cleanly when Ctrl-C reaches a chain before the sandbox', async () => {
    const sandbox = start('sandbox')
    await sandbox.waitFor(/Sandbox ready/, readyWithin)
    const anvil = processGroupMembers(sandbox.child.pid!).find((pid) =>
      commandLineOf(pid).includes('--chain-id 1 '),
    )
    expect(anvil).toBeDefined()
    process.kill(anvil!, 'SIGINT') // the terminal's signal, handled by anvil first
    expect(await sandbox.exited).toBe(0)
    expect(await waitForEmptyGroup(sandbox.child.pid!, 30_000)).toEqual([])
    expect(sandbox.output()).toContain(
      'anvil (chain 1) was asked to stop: stopping',
    )
    expect(sandbox.output()).not.toContain('stopped unexpectedly')
  })

  it('stops its chains when only npm is terminated', async () => {
    const sandbox = start('sandbox')
    await sandbox.waitFor(/Sandbox ready/, readyWithin)
    const chains = chainUrls(sandbox.output())
    process.kill(sandbox.child.pid!, 'SIGTERM')
    expect(await waitForEmptyGroup(sandbox.child.pid!, 30_000)).toEqual([])
    for (const chain of chains)
      await expect(chainIdAt(chain.url)).rejects.toThrow()
  })
})

describe('npm run playground', () => {
  it('serves the app on localhost with the sandbox and stops both on Ctrl-C', async () => {
    const playground = start('playground')
    const [, url] = await playground.waitFor(
      /open\s+(http:\/\/localhost:\d+\/)/,
      readyWithin,
    )
    const page = await fetch(url!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root"></div>')
    expect(listeningAddresses(Number(new URL(url!).port))).toEqual([
      '127.0.0.1',
    ])
    const chains = chainUrls(playground.output())
    expect(chains.map((chain) => chain.id)).toEqual([1, 8453])

    process.kill(-playground.child.pid!, 'SIGINT')
    await playground.exited
    expect(await waitForEmptyGroup(playground.child.pid!, 30_000)).toEqual([])
    expect(playground.output()).toMatch(/(SIGINT|was asked to stop): stopping/)
    await expect(fetch(url!)).rejects.toThrow()
  })

  // Vite's dev server exits the process on SIGTERM by itself: the chains must not outlive it.
  it('stops its chains when only its node process is terminated (as a process manager does)', async () => {
    const playground = start('playground')
    await playground.waitFor(/Playground ready/, readyWithin)
    const chains = chainUrls(playground.output())
    const node = processGroupMembers(playground.child.pid!).find((pid) =>
      commandLineOf(pid).startsWith('node --import tsx playground/cli.ts'),
    )
    expect(node).toBeDefined()
    process.kill(node!, 'SIGTERM')
    expect(await waitForEmptyGroup(playground.child.pid!, 30_000)).toEqual([])
    expect(playground.output()).toContain('SIGTERM: stopping')
    for (const chain of chains)
      await expect(chainIdAt(chain.url)).rejects.toThrow()
  })
})
