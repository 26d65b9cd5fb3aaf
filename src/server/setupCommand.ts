import { BaseError } from '../core/errors.js'
import { createPasskeyBackend } from './createPasskeyBackend.js'
import {
  describeVendorFailure,
  InvalidPasskeyBackendParameterError,
} from './errors.js'

/** What the command reads and writes: the process's, or a test's. */
export type SetupCommandIo = {
  /** The arguments after the command's name. */
  argv: readonly string[]
  env: Readonly<Record<string, string | undefined>>
  out: (line: string) => void
  err: (line: string) => void
  /** How to reach the vendor; `globalThis.fetch` by default. */
  fetch?: typeof fetch | undefined
}

const usage = `Usage: npx wagmi-connector-pack-setup [options]

Makes your parent organization at the vendor (Turnkey) ready for passkeyWallet,
idempotently: run it again and it changes nothing.

The parent organization and its API key come from the environment, never from
the command line: TURNKEY_ORGANIZATION_ID, TURNKEY_API_PUBLIC_KEY,
TURNKEY_API_PRIVATE_KEY, and TURNKEY_API_BASE_URL (https://api.turnkey.com
when unset).

Options:
  --session-profile-name <name>         the session profile's name
                                        ('passkeyWallet signing session')
  --session-expiration-seconds <s>      the longest session under it, 30 to 31536000
  --gas-limit-usd <usd>                 check the Gas Station pays at most this
  --gas-window-minutes <minutes>        per this window (give both gas options)
  --help                                this text

See docs/vendor-setup.md.`

const optionNames = [
  'session-profile-name',
  'session-expiration-seconds',
  'gas-limit-usd',
  'gas-window-minutes',
] as const
type OptionName = (typeof optionNames)[number]

/** A command line it cannot run: told with the usage, exit code 2. */
class UsageError extends Error {}

/** `--name value` and `--name=value`, each option once; anything else is a UsageError. */
function parseOptions(argv: readonly string[]) {
  const options: Partial<Record<OptionName, string>> = {}
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!
    const [flag, inline] = argument.split(/=(.*)/s, 2) as [string, string?]
    const name = flag.slice(2) as OptionName
    if (!flag.startsWith('--') || !optionNames.includes(name))
      throw new UsageError(
        /key/i.test(flag)
          ? `${flag}: the API key is read from TURNKEY_API_PUBLIC_KEY and TURNKEY_API_PRIVATE_KEY only, so that it stays out of your shell history.`
          : `unknown argument ${argument}.`,
      )
    const value = inline ?? argv[++index]
    if (value === undefined || value === '')
      throw new UsageError(`${flag} needs a value.`)
    if (options[name] !== undefined)
      throw new UsageError(`${flag} is given twice.`)
    options[name] = value
  }
  const limit = options['gas-limit-usd']
  const window = options['gas-window-minutes']
  if ((limit === undefined) !== (window === undefined))
    throw new UsageError('give --gas-limit-usd and --gas-window-minutes both.')
  const seconds = options['session-expiration-seconds']
  return {
    sessionProfile: {
      name: options['session-profile-name'],
      expirationSeconds: seconds === undefined ? undefined : Number(seconds),
    },
    gasSponsorship:
      limit === undefined
        ? undefined
        : { orgWindowLimitUsd: limit, windowDurationMinutes: Number(window) },
  }
}

/** The backend's options, named as the environment names them. */
const environmentNames: Record<string, string> = {
  organizationId: 'TURNKEY_ORGANIZATION_ID',
  apiPublicKey: 'TURNKEY_API_PUBLIC_KEY',
  apiPrivateKey: 'TURNKEY_API_PRIVATE_KEY',
  apiBaseUrl: 'TURNKEY_API_BASE_URL',
}

/**
 * `wagmi-connector-pack-setup`: the parent organization's session profile
 * (found by name, else created) and, when asked, a check of its Gas Station
 * limits, each on the backend's vendor deadline. Answers the exit code: 0
 * done, 1 the vendor's state or answer needs you, 2 a command line or
 * environment it cannot run with.
 */
export async function runSetupCommand(io: SetupCommandIo): Promise<number> {
  if (io.argv.includes('--help')) {
    io.out(usage)
    return 0
  }
  const { env } = io
  const secrets = [env.TURNKEY_API_PRIVATE_KEY, env.TURNKEY_API_PUBLIC_KEY]
    .map((value) => value?.replace(/[^0-9a-f]/gi, '') ?? '')
    .filter((hex) => hex.length >= 16)
    .map((hex) => new RegExp(hex, 'gi'))
  // Whatever the vendor echoed, the key pair is never printed.
  const scrub = (text: string) =>
    secrets.reduce((text, secret) => text.replace(secret, '[API key]'), text)
  let parsed: ReturnType<typeof parseOptions>
  let backend: ReturnType<typeof createPasskeyBackend>
  try {
    parsed = parseOptions(io.argv)
    const missing = [
      'TURNKEY_ORGANIZATION_ID',
      'TURNKEY_API_PUBLIC_KEY',
      'TURNKEY_API_PRIVATE_KEY',
    ].filter((name) => !env[name])
    if (missing.length > 0)
      throw new UsageError(
        `set ${missing.join(', ')}: your parent organization and its API key (docs/vendor-setup.md).`,
      )
    backend = createPasskeyBackend({
      organizationId: env.TURNKEY_ORGANIZATION_ID!,
      apiPublicKey: env.TURNKEY_API_PUBLIC_KEY!,
      apiPrivateKey: env.TURNKEY_API_PRIVATE_KEY!,
      apiBaseUrl: env.TURNKEY_API_BASE_URL || undefined,
      // Setup sends no email: the name is never shown.
      appName: 'wagmi-connector-pack-setup',
      fetch: io.fetch,
    })
  } catch (error) {
    const parameter = (error as { parameter?: string }).parameter
    io.err(
      `error: ${parameter && environmentNames[parameter] ? `${environmentNames[parameter]}: ` : ''}${scrub(error instanceof BaseError ? error.shortMessage : (error as Error).message)}`,
    )
    if (error instanceof UsageError) io.err('Run with --help for the usage.')
    return 2
  }
  try {
    const profile = await backend.ensureSessionProfile(parsed.sessionProfile)
    io.out(
      `session profile: ${profile.sessionProfileId} (${profile.created ? 'created' : 'already there, unchanged'})`,
    )
    io.out(
      `  passkeyWallet({ session: { profileId: '${profile.sessionProfileId}' } })`,
    )
    if (parsed.gasSponsorship) {
      const gas = await backend.checkGasSponsorship(parsed.gasSponsorship)
      io.out(
        `gas station: up to $${gas.orgWindowLimitUsd} per ${gas.windowDurationMinutes} minutes, as asked; $${gas.usageUsd} paid in this window`,
      )
    }
    return 0
  } catch (error) {
    const reason =
      describeVendorFailure(error, env.TURNKEY_API_BASE_URL || 'the vendor') ??
      (error instanceof BaseError
        ? error.shortMessage
        : String((error as Error)?.stack ?? error))
    io.err(`error: ${scrub(reason)}`)
    return error instanceof InvalidPasskeyBackendParameterError ? 2 : 1
  }
}
