import { randomUUID } from 'node:crypto'
import {
  type Config,
  connect,
  createConfig,
  disconnect,
  getConnection,
  reconnect,
  signMessage,
  switchChain,
} from '@wagmi/core'
import { IDBFactory } from 'fake-indexeddb'
import { type Address, http, numberToHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { sandboxChains } from '../../../sandbox/chains.js'
import { devAccount } from '../../../sandbox/devAccounts.js'
import { type Sandbox, startSandbox } from '../../../sandbox/startSandbox.js'
import {
  type SandboxWallet,
  startSandboxWallet,
} from '../../../sandbox/wallet/startSandboxWallet.js'
import { withTimeout } from '../../../src/core/deadlines.js'
import { injectedWallet } from '../../../src/injected/injectedWallet.js'
import { passkeyWallet } from '../../../src/passkey/passkeyWallet.js'
import { sessionKeyStore } from '../../../src/passkey/sessionKeyStore.js'
import { walletConnectDeepLink } from '../../../src/walletconnect/walletConnectDeepLink.js'
import { memoryStorage } from '../../helpers/memoryStorage.js'
import { stubWebauthn } from '../../helpers/passkeyHostInNode.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { armFault, clearFaults } from '../../helpers/sandboxSwitches.js'
import { signUp } from '../../helpers/vendorUsers.js'
import { nextPairingUri } from '../../helpers/walletConnectHost.js'

/*
 * The soak: a seeded run of random operations (connect, sign, switch,
 * disconnect, reload) across the three connectors in one host config, with
 * faults injected at random (the vendor answering 500 or too late, the relay
 * dropped, a chain node restarted, a passkey prompt cancelled). After every
 * step the invariants hold: wagmi's state is the one the steps made, the
 * account is the connector's own (none lost or swapped), the wallet holds at
 * most one session, and a disconnect leaves no session key. A step that
 * failed under a fault works when tried again without it: no user is stuck.
 * `SOAK_SEED=<n>` replays a run; `SOAK_STEPS=<n>` makes it longer.
 */

const seed = Number(process.env.SOAK_SEED ?? 20_261_127)
const steps = Number(process.env.SOAK_STEPS ?? 200)
// A bound, not a timing: a busy machine runs fewer steps, and says how many.
const timeBudgetMs = 150_000
// One step, faults and retries included, must end: past this it is stuck.
const stepDeadlineMs = 45_000
const vendorTimeoutMs = 2000

type Kind = 'passkey' | 'walletConnect' | 'injected'
type Fault =
  | 'vendor500'
  | 'vendorTimeout'
  | 'promptCancelled'
  | 'relayDropped'
  | 'chainRestarted'
type Step =
  | { op: 'connect'; kind: Kind }
  | { op: 'sign' | 'switch' | 'disconnect' | 'reload' }

/** mulberry32: the same seed, the same steps. */
function random(from: number) {
  let state = from >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A browser wallet in Node: EIP-1193 over anvil, which holds its dev key. */
function anvilWallet(rpcUrls: Record<number, string>, address: Address) {
  let chainId = 1
  let granted = false
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(value)
  }
  return {
    async request({ method, params }: { method: string; params?: unknown }) {
      switch (method) {
        case 'eth_requestAccounts':
          granted = true
          return [address]
        case 'eth_accounts':
          return granted ? [address] : []
        case 'eth_chainId':
          return numberToHex(chainId)
        case 'wallet_requestPermissions':
          granted = true
          return [{ parentCapability: 'eth_accounts' }]
        case 'wallet_revokePermissions':
          granted = false
          return null
        case 'wallet_switchEthereumChain': {
          const next = Number((params as [{ chainId: string }])[0].chainId)
          if (!rpcUrls[next])
            throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          chainId = next
          emit('chainChanged', numberToHex(next))
          return null
        }
      }
      const response = await fetch(rpcUrls[chainId]!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const { result, error } = (await response.json()) as {
        result?: unknown
        error?: { code: number; message: string }
      }
      if (error) throw Object.assign(new Error(error.message), error)
      return result
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener)
    },
  }
}

let sandbox: Sandbox
let wallet: SandboxWallet
let userAddress: Address
const injectedAddress = devAccount(7).address
const soakWallet = {
  id: 'soakWallet',
  name: 'Soak Wallet',
  rdns: ['test.soak'],
}
let cancelNextPrompt = false

beforeAll(async () => {
  sandbox = await startSandbox()
  const user = await signUp(sandbox.vendor, `soak${Date.now()}`)
  userAddress = user.address
  stubWebauthn(
    () => user.passkey,
    async () => {
      if (!cancelNextPrompt) return
      cancelNextPrompt = false
      throw new DOMException('The user cancelled.', 'NotAllowedError')
    },
  )
  // The page: a window wallets announce themselves to, and IndexedDB for session keys.
  const page = Object.assign(new EventTarget(), {
    location: { href: 'http://localhost:5173/' },
  })
  vi.stubGlobal('window', page)
  vi.stubGlobal('indexedDB', new IDBFactory())
  const provider = anvilWallet(sandbox.rpcUrls, injectedAddress)
  const announce = () =>
    page.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: {
            uuid: randomUUID(),
            name: soakWallet.name,
            rdns: 'test.soak',
            icon: 'data:image/svg+xml,<svg/>',
          },
          provider,
        },
      }),
    )
  page.addEventListener('eip6963:requestProvider', announce)
  wallet = await startSandboxWallet({
    relayUrl: sandbox.relay.url,
    rpcUrls: sandbox.rpcUrls,
  })
}, 120_000)

afterAll(async () => {
  vi.unstubAllGlobals()
  await wallet?.stop().catch(() => undefined)
  await sandbox?.stop()
})

const storage = memoryStorage('soak')
const sessionStoreKey = 'soak.passkeyWallet'

/** A page load: a new config over the same wagmi storage. */
function openPage(): Config {
  const [ethereum, base] = sandboxChains(sandbox.rpcUrls)
  return createConfig({
    chains: [ethereum, base],
    connectors: [
      passkeyWallet({
        organizationId: sandbox.vendor.parentOrganizationId,
        apiBaseUrl: sandbox.vendor.url,
        rpId: 'localhost',
        session: { profileId: sandbox.vendor.sessionProfileId },
        createAccount: async () => {
          throw new Error('the soak user signed up before')
        },
        vendorTimeoutMs,
      }),
      walletConnectDeepLink({
        projectId: '00000000000000000000000000000000',
        relayUrl: sandbox.relay.url,
        metadata: {
          name: 'Soak',
          description: 'soak',
          url: 'http://localhost',
          icons: [],
        },
        // Each page its own SDK state: the SDK keeps it in this process only.
        storagePrefix: `soak-${randomUUID()}`,
      }),
      injectedWallet({ wallet: soakWallet }),
    ],
    multiInjectedProviderDiscovery: false,
    storage: storage.storage,
    transports: {
      [ethereum.id]: http(sandbox.rpcUrls[ethereum.id]),
      [base.id]: http(sandbox.rpcUrls[base.id]),
    },
  })
}

const connectorIds: Record<Kind, string> = {
  passkey: 'passkeyWallet',
  walletConnect: 'walletConnectDeepLink',
  injected: 'soakWallet',
}
const accountOf = (kind: Kind) =>
  ({
    passkey: userAddress,
    walletConnect: wallet.address,
    injected: injectedAddress,
  })[kind]

it(`soak: ${steps} seeded steps across the three connectors with faults (seed ${seed})`, async () => {
  const next = random(seed)
  const pick = <item>(items: readonly item[]) =>
    items[Math.floor(next() * items.length)]!
  let config = openPage()
  let connected: Kind | undefined
  // A disconnect the relay could not carry ends the session here at once; the
  // wallet's copy is ended by the next pairing (docs/walletconnect.md).
  let walletMayHoldEnded = false
  const ran: string[] = []
  const faultsSeen = new Set<Fault>()
  const startedAt = Date.now()
  const connectorOf = (kind: Kind) =>
    config.connectors.find((c) => c.id === connectorIds[kind])!

  async function run(step: Step) {
    if (step.op === 'connect') {
      const connector = connectorOf(step.kind)
      if (step.kind !== 'walletConnect') {
        await connect(config, { connector })
        return
      }
      const shown = nextPairingUri(connector)
      const connecting = connect(config, { connector })
      connecting.catch(() => undefined)
      await wallet.pair(await shown)
      await connecting
      return
    }
    if (step.op === 'sign') {
      const message = `soak ${ran.length}`
      const signature = await signMessage(config, { message })
      const { address } = getConnection(config)
      expect(
        await verifyMessage({ address: address!, message, signature }),
      ).toBe(true)
      return
    }
    if (step.op === 'switch') {
      const { chainId } = getConnection(config)
      const target = chainId === 1 ? 8453 : 1
      await switchChain(config, { chainId: target })
      expect(getConnection(config).chainId).toBe(target)
      return
    }
    if (step.op === 'disconnect') {
      await disconnect(config)
      return
    }
    config = openPage()
    await reconnect(config)
  }

  /** What a step may meet: only faults on its path. */
  function faultsFor(step: Step): Fault[] {
    const kind = step.op === 'connect' ? step.kind : connected
    const faults: Fault[] = []
    if (kind === 'passkey' && (step.op === 'connect' || step.op === 'sign'))
      faults.push('vendor500', 'vendorTimeout')
    if (kind === 'passkey' && step.op === 'connect')
      faults.push('promptCancelled')
    if (kind === 'walletConnect' && step.op !== 'reload')
      faults.push('relayDropped')
    if (kind === 'injected' && step.op === 'sign') faults.push('chainRestarted')
    return faults
  }

  async function inject(fault: Fault, step: Step) {
    const path =
      step.op === 'connect'
        ? '/public/v1/submit/stamp_login'
        : '/public/v1/submit/sign_raw_payload'
    if (fault === 'vendor500' || fault === 'vendorTimeout')
      await armFault(
        sandbox.vendor.url,
        path,
        fault === 'vendor500' ? 'http500' : 'delay',
        { delayMs: vendorTimeoutMs + 1500 },
      )
    if (fault === 'promptCancelled') cancelNextPrompt = true
    if (fault === 'relayDropped') {
      await sandbox.relay.crash()
      // Back a moment later, while the step waits for it.
      return () =>
        new Promise((back) => setTimeout(back, 1000)).then(() =>
          sandbox.relay.restart(),
        )
    }
    if (fault === 'chainRestarted') {
      await sandbox.anvils[1]!.crash()
      return () => sandbox.anvils[1]!.restart()
    }
    return undefined
  }

  async function heal() {
    cancelNextPrompt = false
    await clearFaults(sandbox.vendor.url)
  }

  async function checkInvariants(label: string) {
    const state = getConnection(config)
    if (!connected) {
      expect(state.status, label).toBe('disconnected')
    } else {
      expect(state.status, label).toBe('connected')
      expect(state.connector?.id, label).toBe(connectorIds[connected])
      expect(state.address?.toLowerCase(), label).toBe(
        accountOf(connected).toLowerCase(),
      )
      const accounts = await state.connector!.getAccounts()
      expect(
        accounts.map((a) => a.toLowerCase()),
        label,
      ).toEqual([accountOf(connected).toLowerCase()])
    }
    // No doubled session at the wallet, ever; none left once WalletConnect is not connected.
    if (connected === 'walletConnect' || !walletMayHoldEnded)
      await expect
        .poll(() => wallet.sessions().length, {
          timeout: 10_000,
          message: label,
        })
        .toBe(connected === 'walletConnect' ? 1 : 0)
    else expect(wallet.sessions().length, label).toBeLessThanOrEqual(1)
    if (connected !== 'passkey') {
      expect(await sessionKeyStore.get(sessionStoreKey), label).toBeUndefined()
      expect(
        [...storage.memory.keys()].filter((key) =>
          key.startsWith('soak.passkeyWallet.'),
        ),
        label,
      ).toEqual([])
    }
  }

  for (let index = 0; index < steps; index++) {
    if (Date.now() - startedAt > timeBudgetMs) break
    const options: Step[] = connected
      ? [
          { op: 'sign' },
          { op: 'sign' },
          { op: 'switch' },
          { op: 'disconnect' },
          { op: 'reload' },
        ]
      : [
          { op: 'connect', kind: 'passkey' },
          { op: 'connect', kind: 'walletConnect' },
          { op: 'connect', kind: 'injected' },
          { op: 'reload' },
        ]
    const step = pick(options)
    // The SDK keeps its sessions in this process, not in a page's storage: a
    // reload here could not end one, so none while the SDK still holds one.
    if (
      step.op === 'reload' &&
      (connected === 'walletConnect' || walletMayHoldEnded)
    )
      continue
    const possible = faultsFor(step)
    const fault =
      possible.length > 0 && next() < 0.3 ? pick(possible) : undefined
    const label = `seed ${seed}, step ${index} (${step.op}${step.op === 'connect' ? ` ${step.kind}` : ''}${fault ? `, fault ${fault}` : ''}); replay with SOAK_SEED=${seed}`
    if (process.env.SOAK_LOG) console.log(label)
    const restore = fault ? await inject(fault, step) : undefined
    const restoring = restore?.()
    let failed: unknown
    try {
      await withTimeout(
        run(step),
        stepDeadlineMs,
        () => new Error(`stuck: ${label}`),
      )
    } catch (error) {
      failed = error
    }
    await restoring
    await heal()
    if (failed) {
      // Only a fault may fail a step, and what it leaves must be usable: the step again, unfaulted.
      expect(fault, `${label}: ${(failed as Error).message}`).toBeDefined()
      faultsSeen.add(fault!)
      await checkInvariants(`${label}, after the fault`)
      await withTimeout(
        run(step),
        stepDeadlineMs,
        () => new Error(`stuck on retry: ${label}`),
      )
    } else if (fault) faultsSeen.add(fault)
    if (step.op === 'connect' && step.kind === 'walletConnect')
      walletMayHoldEnded = false
    if (
      step.op === 'disconnect' &&
      connected === 'walletConnect' &&
      fault === 'relayDropped'
    )
      walletMayHoldEnded = true
    if (step.op === 'connect') connected = step.kind
    if (step.op === 'disconnect') connected = undefined
    ran.push(label)
    await checkInvariants(label)
  }
  expect(ran.length).toBeGreaterThan(steps / 4)
  tally('soakStep', `soak (seed ${seed})`, ran.length)
  for (const fault of faultsSeen) tally('fault', `soak: ${fault}`)
}, 240_000)
