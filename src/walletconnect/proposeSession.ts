import type { SignClientProvider } from './provider.js'

/** A pairing URI the wallet can answer, and what became of it. */
export type SessionProposal = {
  /** The `wc:` URI: the QR payload, and what a deep link carries. */
  uri: string
  /** 1 for a pairing's first URI; each renewal is the next (SPEC §5: at most 10). */
  attempt: number
  /** Unix ms after which the wallet can no longer approve it. */
  expiresAt: number
  /** Resolves once the wallet approved (the provider then holds the session); rejects when it declined or the proposal expired. */
  approved: Promise<void>
}

// The SDK's proposal and pairing lifetime (sign-client: wc_sessionPropose ttl).
const proposalLifetimeMs = 5 * 60_000

/** When the URI's pairing expires (its `expiryTimestamp`, in s), never later than the SDK's lifetime from `madeAt`. */
function expiryOf(uri: string, madeAt: number) {
  const latest = madeAt + proposalLifetimeMs
  const stated = Number(/[?&]expiryTimestamp=(\d+)/.exec(uri)?.[1]) * 1000
  return Number.isFinite(stated) && stated > 0
    ? Math.min(stated, latest)
    : latest
}

/**
 * Proposes a session on the SDK's provider, asking for every configured
 * chain (`target` first) with the SDK's default methods and events, which
 * include SPEC §9's required ones (findMissingRequirements checks the
 * answer). Resolves once the relay holds the proposal and the SDK gave its
 * URI (`display_uri`); a failure before that (the relay unreachable) rejects.
 */
export async function proposeSession(
  provider: SignClientProvider,
  {
    chainIds,
    target = chainIds[0],
    attempt,
    now = Date.now,
  }: {
    chainIds: readonly number[]
    target?: number | undefined
    attempt: number
    now?: (() => number) | undefined
  },
): Promise<SessionProposal> {
  const madeAt = now()
  let onUri: (uri: string) => void = () => undefined
  const uri = new Promise<string>((resolve) => {
    onUri = resolve
  })
  provider.on('display_uri', onUri)
  try {
    // Every chain optional, none required: `chains` + `optionalChains` merge by
    // index and lose chains; the SDK proposes required namespaces as optional anyway.
    const ordered = [
      ...new Set([target, ...chainIds].filter((id) => id !== undefined)),
    ]
    const approved = provider.connect({ optionalChains: ordered })
    // Whoever takes the proposal awaits `approved`; one abandoned must not reject unheard.
    approved.catch(() => undefined)
    const shown = await Promise.race([
      uri,
      approved.then(() => {
        throw new Error('The wallet approved a proposal whose URI was not out')
      }),
    ])
    return {
      uri: shown,
      attempt,
      expiresAt: expiryOf(shown, madeAt),
      approved,
    }
  } finally {
    provider.removeListener('display_uri', onUri)
  }
}
