import { afterEach, expect, it, vi } from 'vitest'
import { removeWebauthn, stopAnnouncing } from './badInputFixtures.js'
import { tally } from './reliabilityTally.js'

/*
 * Bad input from every place the pack reads from: the host's options, what
 * is stored in the browser, what wallets, peers and the vendor send, what the
 * user pastes. Each case either fails with the pack's own typed error (a
 * viem BaseError named after its class, versioned `wagmi-connector-pack@…`)
 * or is ignored, and then the safe result is checked concretely.
 *
 * Each ./*.test.ts holds the cases of one area as a `Case[]` and hands them
 * to runCases(), which makes one test per case, named `<source>: <name>`.
 */

export type Source =
  | 'passkeyWallet options'
  | 'walletConnectDeepLink options'
  | 'injectedWallet options'
  | 'stored connector values'
  | 'stored recovery state'
  | 'CAIP accounts and chain ids'
  | 'requested chain ids'
  | 'pairing links'
  | 'peer metadata redirects'
  | 'EIP-6963 announcements'
  | 'browse links'
  | 'recovery codes'
  | 'passkey rp ids'
  | 'passkey user names and ids'
  | 'vendor responses'
  | 'host backend sign-up'
  | 'host backend recovery start'
  | 'createPasskeyBackend options'

/** The pack's error classes these cases expect (each module's errors.ts). */
type PackErrorName =
  | 'ChainNotConfiguredError'
  | 'EmailNotVerifiedError'
  | 'InvalidCaipAccountError'
  | 'InvalidCaipChainIdError'
  | 'InvalidInjectedWalletParameterError'
  | 'InvalidPasskeyBackendParameterError'
  | 'InvalidPasskeyWalletParameterError'
  | 'InvalidEmailCodeError'
  | 'InvalidWalletConnectParameterError'
  | 'PasskeyError'
  | 'ProviderNotFoundError'
  | 'SessionNotFoundError'
  | 'UnsupportedCaipNamespaceError'
  | 'VendorActivityError'
  | 'VendorConsensusNeededError'
  | 'VendorRequestError'

type ThrownError = Error & Record<string, unknown>

export type Throws = {
  /** The error's `name`: its class. */
  throws: PackErrorName
  /** The exact `shortMessage` (docs/errors.md). */
  message?: string
  /** A part of the `shortMessage`, where the rest names the input. */
  messageIncludes?: string
  /** Anything else the error or the surroundings must show. */
  also?: (error: ThrownError) => unknown
}

type Ignored<result> = {
  /** What the safe result is, in words. */
  ignored: string
  check: (result: result) => unknown
}

export type Case = {
  source: Source
  name: string
  input: unknown
  run: (input: unknown) => unknown
  expected: Throws | Ignored<any>
}

export function bad<input, result>(entry: {
  source: Source
  name: string
  input: input
  run: (input: input) => result
  expected: Throws | Ignored<Awaited<result>>
}): Case {
  return entry as unknown as Case
}

/** A link refused: undefined (peer redirects, browse links). */
export const refusedLink = {
  ignored: 'no link: undefined',
  check: (link: string | undefined) => expect(link).toBeUndefined(),
}

/** A recovery code refused (recovery codes, the vendor's recovery answers). */
export const codeInvalid: Throws = {
  throws: 'InvalidEmailCodeError',
  message: 'The code is invalid or expired.',
}

/** A result, short enough for a failure message. */
function shown(value: unknown) {
  try {
    const text = JSON.stringify(value, (_, inner) =>
      typeof inner === 'bigint' ? `${inner}n` : inner,
    )
    return (text ?? String(value)).slice(0, 200)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

/** Runs one case and checks what it expects; throws if the check fails. */
async function check({ input, run, expected }: Case) {
  let result: unknown
  let error: unknown
  try {
    result = await run(input)
  } catch (thrown) {
    error = thrown
  }
  if ('throws' in expected) {
    expect(
      error,
      `expected ${expected.throws}, but it gave ${shown(result)}`,
    ).toBeInstanceOf(Error)
    const thrown = error as ThrownError
    // The pack's own error, not a TypeError from deep inside.
    expect(thrown.name, `${thrown.name}: ${thrown.message}`).toBe(
      expected.throws,
    )
    expect(thrown.version).toMatch(/^wagmi-connector-pack@/)
    if (expected.message !== undefined)
      expect(thrown.shortMessage).toBe(expected.message)
    if (expected.messageIncludes !== undefined)
      expect(thrown.shortMessage).toContain(expected.messageIncludes)
    await expected.also?.(thrown)
  } else {
    expect(error, 'expected it to be ignored safely').toBeUndefined()
    await expected.check(result)
  }
}

const originalUrl = location.href

/** The cases of this file already counted (a retried or repeated case counts once). */
const tallied = new Set<string>()

/**
 * One test per case, named `<source>: <name>`. A case counts as a bad input
 * tried (tally.ts) only once its checks passed, and once per name.
 */
export function runCases(cases: readonly Case[]) {
  const named = cases.map(
    (entry) => [`${entry.source}: ${entry.name}`, entry] as const,
  )
  const names = named.map(([name]) => name)
  const twice = names.filter((name, index) => names.indexOf(name) !== index)
  if (twice.length > 0)
    throw new Error(`bad-input cases named twice: ${twice.join(', ')}`)

  afterEach(() => {
    stopAnnouncing()
    Reflect.deleteProperty(window, 'ethereum')
    removeWebauthn()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    ;(
      window as unknown as { happyDOM: { setURL(url: string): void } }
    ).happyDOM.setURL(originalUrl)
  })

  it.each(named)(
    '%s',
    async (name, entry) => {
      await check(entry)
      if (tallied.has(name)) return
      tallied.add(name)
      tally('badInput', name)
    },
    // Some cases load the WalletConnect SDK, slow on a machine running every suite at once.
    60_000,
  )
}
