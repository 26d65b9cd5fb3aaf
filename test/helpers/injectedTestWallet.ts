import type { Page } from '@playwright/test'

export type TestWalletOptions = {
  /** The account it holds: one of anvil's unlocked dev accounts (checksummed 0x address). */
  address: string
  /** JSON-RPC URL per chain id it knows at start, e.g. `{ 1: 'http://127.0.0.1:8545' }`. */
  rpcUrls: Record<number, string>
  /** Chain it starts on (must be in `rpcUrls`). */
  chainId: number
  /** EIP-6963 info; defaults to a random uuid and a "Sandbox Injected Wallet". */
  info?: { uuid?: string; name?: string; rdns?: string; icon?: string }
  /** Also set `window.ethereum` to the provider (legacy injection). Default false. */
  legacy?: boolean
  /** Legacy flags set on the provider object, e.g. `{ isMetaMask: true }`. */
  flags?: Record<string, boolean>
}

/** `window.testWallet` in the page: how tests steer the wallet through `page.evaluate`. */
export type TestWalletControls = {
  /** The "user" rejects every prompt (4001). */
  rejectRequests: boolean
  /** `wallet_switchEthereumChain` is unsupported (4200). */
  lacksSwitchChain: boolean
  /**
   * EIP-5792's methods fail with this error, as a wallet without them answers
   * (MetaMask: -32601 'The method "wallet_sendCalls" does not exist / is not
   * available.'); undefined: it answers them.
   */
  callsError: { code: number; message: string } | undefined
  /** Unknown chains fail with MetaMask Mobile's -32603 wrapping 4902. */
  nestedUnknownChainError: boolean
  /** Every request the provider received, in order. */
  requests: { method: string; params: unknown }[]
  /** Whether the dapp has been granted accounts (read only). */
  readonly connected: boolean
  /** Forgets a chain, so switching to it fails until the dapp adds it. */
  forget(chainId: number): void
  emitAccountsChanged(accounts: string[]): void
  emitChainChanged(chainId: number): void
  /** The wallet leaves the page: it no longer announces itself (a happy-dom file's window outlives the file). */
  leave(): void
}

/**
 * Injects a browser wallet into every page of `page` before its scripts run:
 * an EIP-1193 provider announced through EIP-6963 (and optionally as
 * `window.ethereum`), for e2e tests of injected-wallet connectors. It signs and
 * sends through the sandbox's anvil nodes, which hold the dev keys unlocked,
 * and answers EIP-5792 (2.0.0) by sending a batch's calls one by one (not
 * atomic); tests steer it through `window.testWallet` ({@link TestWalletControls}).
 */
export async function installTestWallet(
  page: Page,
  options: TestWalletOptions,
): Promise<void> {
  if (!(options.chainId in options.rpcUrls))
    throw new Error(
      `installTestWallet: chain ${options.chainId} has no RPC URL in rpcUrls`,
    )
  // Under tsx (the benchmarks) the serialised functions call esbuild's
  // keep-names helper, which the page lacks.
  await page.addInitScript('globalThis.__name ??= (target) => target')
  await page.addInitScript(injectTestWallet, options)
}

/**
 * The same wallet in the current DOM (a happy-dom test file), which must
 * reach the sandbox's nodes with its `fetch`; returns its controls.
 */
export function installTestWalletHere(
  options: TestWalletOptions,
): TestWalletControls {
  injectTestWallet(options)
  return (window as unknown as { testWallet: TestWalletControls }).testWallet
}

// Playwright serialises this function into the page: it must use nothing but
// its argument and the page's globals.
function injectTestWallet(options: TestWalletOptions) {
  type Listener = (...args: unknown[]) => void
  type RequestArguments = { method: string; params?: unknown }

  const rpcUrls = new Map<number, string>(
    Object.entries(options.rpcUrls).map(([id, url]) => [Number(id), url]),
  )
  // An extension remembers the site's grant and chain across reloads.
  const remembered = JSON.parse(
    sessionStorage.getItem('testWallet') ?? '{}',
  ) as { connected?: boolean; chainId?: number }
  let chainId =
    remembered.chainId !== undefined && remembered.chainId in options.rpcUrls
      ? remembered.chainId
      : options.chainId
  let accounts = [options.address]
  let connected = remembered.connected === true
  const remember = () =>
    sessionStorage.setItem('testWallet', JSON.stringify({ connected, chainId }))
  let hasConnected = false
  let rpcId = 0
  const listeners = new Map<string, Set<Listener>>()
  const userFacing = new Set([
    'eth_requestAccounts',
    'wallet_requestPermissions',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_sendCalls',
  ])
  const needsAuthorization = new Set([
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_sendCalls',
  ])
  const callsMethods = new Set([
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
  ])
  /** The batches sent: each call's transaction, by batch id. */
  const batches = new Map<string, { chainId: number; hashes: string[] }>()

  const toHex = (id: number) => `0x${id.toString(16)}`

  function providerError(code: number, message: string, data?: unknown) {
    const error = new Error(message) as Error & { code: number; data?: unknown }
    error.code = code
    if (data !== undefined) error.data = data
    return error
  }

  function emit(event: string, ...args: unknown[]) {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.error(error)
      }
    }
  }

  function grant() {
    connected = true
    remember()
    if (hasConnected) return
    hasConnected = true
    emit('connect', { chainId: toHex(chainId) })
  }

  function unknownChainError(hexChainId: string) {
    return controls.nestedUnknownChainError
      ? providerError(-32603, 'Internal error', {
          originalError: { code: 4902, message: 'Unrecognized chain ID' },
        })
      : providerError(
          4902,
          `Unrecognized chain ID "${hexChainId}". Try adding the chain using wallet_addEthereumChain first.`,
        )
  }

  function parseChainId(value: unknown) {
    const id = typeof value === 'string' ? Number(value) : Number.NaN
    if (!Number.isSafeInteger(id) || id <= 0)
      throw providerError(-32602, `Invalid chain id: ${String(value)}`)
    return id
  }

  async function forward(method: string, params: unknown, onChain = chainId) {
    const url = rpcUrls.get(onChain)
    if (!url)
      throw providerError(
        4901,
        `The Provider is not connected to chain ${toHex(onChain)}.`,
      )
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error)
      throw providerError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  function switchChain(params: unknown) {
    const [parameter] = (params ?? []) as { chainId?: unknown }[]
    const target = parseChainId(parameter?.chainId)
    if (!rpcUrls.has(target)) throw unknownChainError(toHex(target))
    if (target !== chainId) {
      chainId = target
      remember()
      emit('chainChanged', toHex(target))
    }
    return null
  }

  function addChain(params: unknown) {
    const [parameter] = (params ?? []) as {
      chainId?: unknown
      rpcUrls?: unknown[]
    }[]
    const target = parseChainId(parameter?.chainId)
    const rpcUrl = parameter?.rpcUrls?.[0]
    if (typeof rpcUrl !== 'string' || !URL.canParse(rpcUrl))
      throw providerError(-32602, `Invalid rpcUrls: ${String(rpcUrl)}`)
    // A known chain keeps its sandbox RPC URL, so a dapp's public URL can't
    // send the wallet off the machine.
    if (!rpcUrls.has(target)) rpcUrls.set(target, rpcUrl)
    return null
  }

  function getCapabilities(params: unknown) {
    const [, asked] = (params ?? []) as [unknown, string[] | undefined]
    const chains = [...rpcUrls.keys()].filter(
      (id) => !asked || asked.map(Number).includes(id),
    )
    return Object.fromEntries(
      chains.map((id) => [toHex(id), { atomic: { status: 'unsupported' } }]),
    )
  }

  /** Each call as its own transaction, in order: the batch is not atomic. */
  async function sendCalls(params: unknown) {
    const [batch] = (params ?? []) as {
      version?: string
      chainId?: string
      atomicRequired?: boolean
      calls?: { to?: string; data?: string; value?: string }[]
    }[]
    if (batch?.version !== '2.0.0')
      throw providerError(-32602, `Unsupported version ${batch?.version}`)
    const onChain = parseChainId(batch.chainId)
    if (!rpcUrls.has(onChain)) throw providerError(5710, 'Unsupported chain')
    if (batch.atomicRequired)
      throw providerError(5760, 'Atomicity not supported')
    const hashes: string[] = []
    for (const call of batch.calls ?? [])
      hashes.push(
        (await forward(
          'eth_sendTransaction',
          [{ from: accounts[0], ...call }],
          onChain,
        )) as string,
      )
    const id = `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`
    batches.set(id, { chainId: onChain, hashes })
    return { id }
  }

  async function getCallsStatus(params: unknown) {
    const [id] = (params ?? []) as string[]
    const batch = batches.get(id ?? '')
    if (!batch) throw providerError(5730, 'Unknown bundle id')
    const receipts = (await Promise.all(
      batch.hashes.map((hash) =>
        forward('eth_getTransactionReceipt', [hash], batch.chainId),
      ),
    )) as ({ status: string } | null)[]
    const mined = receipts.filter((receipt) => receipt !== null)
    const succeeded = mined.filter(({ status }) => status === '0x1').length
    const status =
      mined.length < receipts.length
        ? 100
        : succeeded === mined.length
          ? 200
          : succeeded === 0
            ? 500
            : 600
    return {
      version: '2.0.0',
      id,
      chainId: toHex(batch.chainId),
      atomic: false,
      status,
      ...(status !== 100 && { receipts: mined }),
    }
  }

  async function handle(method: string, params: unknown) {
    if (callsMethods.has(method) && controls.callsError)
      throw providerError(controls.callsError.code, controls.callsError.message)
    if (method === 'wallet_switchEthereumChain' && controls.lacksSwitchChain)
      throw providerError(
        4200,
        'The Provider does not support the requested method.',
      )
    if (needsAuthorization.has(method) && !connected)
      throw providerError(
        4100,
        'The requested account and/or method has not been authorized by the user.',
      )
    if (userFacing.has(method) && controls.rejectRequests)
      throw providerError(4001, 'User rejected the request.')

    switch (method) {
      case 'eth_chainId':
        return toHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'eth_accounts':
        return connected ? [...accounts] : []
      case 'eth_requestAccounts':
        grant()
        return [...accounts]
      case 'wallet_requestPermissions':
        grant()
        return [{ parentCapability: 'eth_accounts' }]
      case 'wallet_revokePermissions':
        connected = false
        remember()
        return null
      case 'wallet_switchEthereumChain':
        return switchChain(params)
      case 'wallet_addEthereumChain':
        return addChain(params)
      case 'wallet_getCapabilities':
        return getCapabilities(params)
      case 'wallet_sendCalls':
        return sendCalls(params)
      case 'wallet_getCallsStatus':
        return getCallsStatus(params)
      case 'eth_sendTransaction': {
        const [transaction, ...rest] = (params ?? []) as Record<
          string,
          unknown
        >[]
        return forward(method, [{ from: accounts[0], ...transaction }, ...rest])
      }
      default:
        return forward(method, params)
    }
  }

  // As an extension's approval queue: one request before the user at a time, in order.
  let approvals: Promise<unknown> = Promise.resolve()
  const provider = {
    async request(args: RequestArguments) {
      if (!args || typeof args.method !== 'string')
        throw providerError(-32600, 'Invalid request: expected { method }.')
      controls.requests.push({ method: args.method, params: args.params })
      if (!userFacing.has(args.method)) return handle(args.method, args.params)
      const answered = approvals.then(() => handle(args.method, args.params))
      approvals = answered.catch(() => undefined)
      return answered
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    off(event: string, listener: Listener) {
      return provider.removeListener(event, listener)
    },
  }
  Object.assign(provider, options.flags)

  const controls: TestWalletControls = {
    rejectRequests: false,
    lacksSwitchChain: false,
    callsError: undefined,
    nestedUnknownChainError: false,
    requests: [],
    get connected() {
      return connected
    },
    forget(id) {
      if (id === chainId)
        throw new Error(`testWallet.forget: ${id} is the current chain`)
      rpcUrls.delete(id)
    },
    emitAccountsChanged(next) {
      if (next.length > 0) accounts = [...next]
      connected = next.length > 0
      remember()
      emit('accountsChanged', [...next])
    },
    emitChainChanged(id) {
      chainId = id
      remember()
      emit('chainChanged', toHex(id))
    },
    leave() {
      window.removeEventListener('eip6963:requestProvider', announce)
    },
  }

  const info = options.info ?? {}
  const icon = `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M8 12h16v10H8z" fill="#fff"/></svg>',
  )}`
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: info.uuid ?? randomUuid(),
      name: info.name ?? 'Sandbox Injected Wallet',
      icon: info.icon ?? icon,
      rdns: info.rdns ?? 'localhost.sandbox.injected',
    }),
    provider,
  })

  // crypto.randomUUID exists only in secure contexts; a test may serve plain
  // http from a host that is not localhost.
  function randomUuid() {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    bytes[6] = (bytes[6]! & 0x0f) | 0x40
    bytes[8] = (bytes[8]! & 0x3f) | 0x80
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    return [
      hex.slice(0, 4),
      hex.slice(4, 6),
      hex.slice(6, 8),
      hex.slice(8, 10),
      hex.slice(10),
    ]
      .map((group) => group.join(''))
      .join('-')
  }

  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail }),
    )

  Object.assign(window, { testWallet: controls })
  if (options.legacy) Object.assign(window, { ethereum: provider })
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}
