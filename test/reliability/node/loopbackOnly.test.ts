import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../../../sandbox/startSandbox.js'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.stop())

/** Whether a TCP connection to `host:port` is accepted. */
function accepts(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host, port })
    socket.setTimeout(2_000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
  })
}

it('every sandbox service listens on 127.0.0.1 only: another address of this machine is refused', async () => {
  const services = {
    'chain 1': sandbox.rpcUrls[1],
    'chain 8453': sandbox.rpcUrls[8453],
    'vendor emulator': sandbox.vendor.url,
    'WalletConnect relay': sandbox.relay.url,
    'export frame': sandbox.exportFrameUrl,
  }
  const otherAddresses = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal)
    .map((address) => address!.address)
  for (const [name, url] of Object.entries(services)) {
    const { hostname, port } = new URL(url)
    expect(hostname, name).toBe('127.0.0.1')
    expect(await accepts('127.0.0.1', Number(port)), name).toBe(true)
    for (const address of otherAddresses)
      expect(
        await accepts(address, Number(port)),
        `${name} on ${address}`,
      ).toBe(false)
  }
})
