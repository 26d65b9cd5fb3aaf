import type { Address } from 'viem'
import { withTimeout } from './deadlines.js'
import { SessionNotFoundError } from './sessionNotFound.js'

type Listener = (...args: any[]) => void

/** A connector's `connect`, as wagmi types it, taking the connector's own parameters. */
export type ConnectWithCapabilities<parameters> = <
  withCapabilities extends boolean = false,
>(
  parameters?: parameters & { withCapabilities?: withCapabilities | boolean },
) => Promise<{
  accounts: withCapabilities extends true
    ? readonly { address: Address; capabilities: Record<string, unknown> }[]
    : readonly Address[]
  chainId: number
}>

/**
 * The chain id every connector reports before it is connected,
 * whether or not the host's config has chain 1.
 */
export const defaultChainIdBeforeConnecting = 1

/**
 * A value made once, on first use: `load()` starts making it (again, after a
 * failure: the next call tries again) and `value` holds it once made, for
 * code that must not await. A connector's shell holds its runtime so
 * (docs/layout.md) and hands each call to it with `call`.
 */
export function loadOnce<value>(make: () => Promise<value>) {
  let made: value | undefined
  let making: Promise<value> | undefined
  const once = {
    get value() {
      return made
    },
    /** Being made, not yet there. */
    get loading() {
      return making !== undefined && made === undefined
    },
    load(): Promise<value> {
      making ??= make().then(
        (value) => (made = value),
        (error: unknown) => {
          making = undefined
          throw error
        },
      )
      return making
    },
    /** The value once made, without starting to make it: `undefined` if not started or failed. */
    async current(): Promise<value | undefined> {
      return making?.catch(() => undefined)
    },
    /**
     * Calls the value: at once when made, with nothing awaited before (a
     * phone keeps the user's tap only so), else once it is.
     */
    async call<result>(
      use: (value: value) => result,
    ): Promise<Awaited<result>> {
      return use(made ?? (await once.load())) as Awaited<result>
    },
  }
  return once
}

/** What `loadOnce` gives. */
export type LoadOnce<value> = ReturnType<typeof loadOnce<value>>

// A reload must end: a runtime whose download hangs restores nothing.
const restoreTimeoutMs = 10_000

/**
 * The runtime, for restoring a stored connection on page load: a download
 * that takes more than 10 s rejects with SessionNotFoundError, as there
 * being nothing to restore does, so wagmi's reconnect always ends.
 */
export function loadToRestore<value>(runtime: LoadOnce<value>) {
  return withTimeout(
    runtime.load(),
    restoreTimeoutMs,
    () => new SessionNotFoundError(),
  )
}

export type Listeners = {
  on(event: string, listener: Listener): void
  /** As EventEmitter's: kits read WalletConnect's URI with `once('display_uri')`. */
  once(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  emit(event: string, ...args: unknown[]): void
}

/**
 * The host's event listeners of a connector's stable EIP-1193 provider: they
 * outlive the SDK objects behind it, which emit through `emit`.
 */
export function createListeners(): Listeners {
  const byEvent = new Map<string, Set<Listener>>()
  const on = (event: string, listener: Listener) => {
    const set = byEvent.get(event) ?? new Set()
    set.add(listener)
    byEvent.set(event, set)
  }
  const removeListener = (event: string, listener: Listener) => {
    byEvent.get(event)?.delete(listener)
  }
  return {
    on,
    once(event, listener) {
      const onceOnly: Listener = (...args) => {
        removeListener(event, onceOnly)
        listener(...args)
      }
      on(event, onceOnly)
    },
    removeListener,
    emit(event, ...args) {
      for (const listener of byEvent.get(event) ?? []) listener(...args)
    },
  }
}
