import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setGasUsageConfig } from '../../sandbox/turnkey/gasUsageConfig.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import {
  type CreatePasskeyBackendParameters,
  createPasskeyBackend,
  GasSponsorshipLimitsError,
  InvalidPasskeyBackendParameterError,
  SessionProfileConflictError,
  sessionScope,
} from '../../src/exports/server.js'
import { runSetupCommand } from '../../src/server/setupCommand.js'
import { VendorTimeoutError } from '../../src/turnkey/errors.js'
import { sandboxBackendOptions } from '../helpers/hostBackend.js'
import { startCommand } from '../helpers/processes.js'
import { armFault, vendorActivities } from '../helpers/sandboxSwitches.js'

/*
 * The vendor setup a host runs from its parent key (docs/vendor-setup.md):
 * the session profile, found by name or made, and the Gas Station's limits
 * read back; twice, the second run changes nothing. Against the vendor
 * emulator, as strict as the vendor's published schema.
 */

// A vendor of its own per test: a reset keeps the parent organization's
// session profiles and Gas Station, as the real vendor would.
let vendor: Vendor
beforeEach(async () => {
  vendor = await startVendor()
})
afterEach(() => vendor.stop())

const backendWith = (options: Partial<CreatePasskeyBackendParameters> = {}) =>
  createPasskeyBackend({
    ...sandboxBackendOptions(vendor),
    appName: 'Vendor setup test',
    ...options,
  })

/** Every session profile the parent organization was asked to create. */
const profileCreations = () =>
  vendorActivities(vendor.url, 'ACTIVITY_TYPE_CREATE_SESSION_PROFILE')

/** The environment a host runs the command with: the sandbox's parent key. */
const environment = () => ({
  TURNKEY_ORGANIZATION_ID: vendor.parentOrganizationId,
  TURNKEY_API_PUBLIC_KEY: vendor.parentApiKey.publicKey,
  TURNKEY_API_PRIVATE_KEY: vendor.parentApiKey.privateKey,
  TURNKEY_API_BASE_URL: vendor.url,
})

/** The command in this process: its exit code and what it printed. */
async function setup(
  argv: string[],
  env: Record<string, string> = environment(),
) {
  const out: string[] = []
  const err: string[] = []
  const code = await runSetupCommand({
    argv,
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('ensureSessionProfile', () => {
  it('creates the profile once; run again, it answers the same id and creates nothing', async () => {
    const backend = backendWith()
    const first = await backend.ensureSessionProfile()
    const second = await backend.ensureSessionProfile()
    expect(first.created).toBe(true)
    expect(second).toEqual({
      sessionProfileId: first.sessionProfileId,
      created: false,
    })
    const created = await profileCreations()
    expect(created).toHaveLength(1)
    expect(created[0]!.intent.createSessionProfileIntent).toEqual({
      sessionProfileName: 'passkeyWallet signing session',
      scope: sessionScope(),
    })
  })

  it('finds a profile made by createSessionProfile, with the same expiration', async () => {
    const backend = backendWith()
    const options = { name: 'Short sessions', expirationSeconds: 600 }
    const { sessionProfileId } = await backend.createSessionProfile(options)
    expect(await backend.ensureSessionProfile(options)).toEqual({
      sessionProfileId,
      created: false,
    })
    expect(await profileCreations()).toHaveLength(1)
  })

  it('refuses a name the organization has with another scope or expiration, creating nothing', async () => {
    const backend = backendWith()
    const { sessionProfileId } = await backend.ensureSessionProfile({
      name: 'App sessions',
    })
    for (const changed of [
      { scope: sessionScope({ chainIds: [1] }) },
      { expirationSeconds: 600 },
    ]) {
      const error = await backend
        .ensureSessionProfile({ name: 'App sessions', ...changed })
        .catch((error: unknown) => error)
      expect(error).toBeInstanceOf(SessionProfileConflictError)
      expect(error).toMatchObject({
        code: 'session_profile_conflict',
        sessionProfileId,
      })
      expect((error as Error).message).toMatch(/another name/)
    }
    expect(await profileCreations()).toHaveLength(1)
  })

  it('refuses bad options before any request, naming the option', async () => {
    const backend = backendWith()
    for (const [options, parameter] of [
      [{ expirationSeconds: 5 }, 'createSessionProfile expirationSeconds'],
      [{ name: ' ' }, 'createSessionProfile name'],
    ] as const) {
      const error = await backend
        .ensureSessionProfile(options)
        .catch((error: unknown) => error)
      expect(error).toBeInstanceOf(InvalidPasskeyBackendParameterError)
      expect(error).toMatchObject({ code: 'invalid_parameter', parameter })
    }
    expect(await profileCreations()).toHaveLength(0)
  })

  it('gives up at vendorTimeoutMs, with the vendor request it waited for', async () => {
    await armFault(
      vendor.url,
      '/public/v1/query/get_session_profiles',
      'delay',
      {
        delayMs: 2000,
      },
    )
    const error = await backendWith({ vendorTimeoutMs: 200 })
      .ensureSessionProfile()
      .catch((error: unknown) => error)
    expect(error).toBeInstanceOf(VendorTimeoutError)
    expect(error).toMatchObject({
      request: 'POST /public/v1/query/get_session_profiles',
      timeoutMs: 200,
    })
  })
})

describe('checkGasSponsorship', () => {
  const limits = { orgWindowLimitUsd: '100', windowDurationMinutes: 1440 }

  it('answers the limits the vendor has and what it paid, as often as asked', async () => {
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '5',
      windowDurationMinutes: '1440',
    })
    const backend = backendWith()
    const first = await backend.checkGasSponsorship(limits)
    expect(first).toMatchObject({
      windowDurationMinutes: 1440,
      usageUsd: expect.any(String),
    })
    expect(Number(first.orgWindowLimitUsd)).toBe(100)
    expect(await backend.checkGasSponsorship(limits)).toEqual(first)
  })

  it('tells limits other than those asked, or none, as GasSponsorshipLimitsError', async () => {
    const backend = backendWith()
    const none = await backend
      .checkGasSponsorship(limits)
      .catch((error: unknown) => error)
    expect(none).toBeInstanceOf(GasSponsorshipLimitsError)
    expect(none).toMatchObject({
      code: 'gas_sponsorship_limits',
      actual: undefined,
    })
    expect((none as Error).message).toMatch(/dashboard/)
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '50',
      subOrgWindowLimitUsd: '5',
      windowDurationMinutes: '1440',
    })
    const other = await backend
      .checkGasSponsorship(limits)
      .catch((error: unknown) => error)
    expect(other).toBeInstanceOf(GasSponsorshipLimitsError)
    expect(
      Number((other as GasSponsorshipLimitsError).actual?.orgWindowLimitUsd),
    ).toBe(50)
  })

  it('refuses limits it cannot compare, naming them', async () => {
    const backend = backendWith()
    for (const [bad, parameter] of [
      [
        { ...limits, orgWindowLimitUsd: '-1' },
        'checkGasSponsorship orgWindowLimitUsd',
      ],
      [
        { ...limits, windowDurationMinutes: 43_201 },
        'checkGasSponsorship windowDurationMinutes',
      ],
    ] as const) {
      const error = await backend
        .checkGasSponsorship(bad)
        .catch((error: unknown) => error)
      expect(error).toBeInstanceOf(InvalidPasskeyBackendParameterError)
      expect(error).toMatchObject({ parameter })
    }
  })
})

describe('wagmi-connector-pack-setup', () => {
  it('run twice: the second run changes nothing and prints the same id; never the key', async () => {
    await setGasUsageConfig(vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '5',
      windowDurationMinutes: '60',
    })
    const argv = ['--gas-limit-usd', '100', '--gas-window-minutes=60']
    const first = await setup(argv)
    const second = await setup(argv)
    expect(first.code).toBe(0)
    expect(second.code).toBe(0)
    const id = (run: { out: string }) =>
      run.out.match(/^session profile: ([0-9a-f-]{36}) /m)?.[1]
    expect(id(first)).toBeDefined()
    expect(id(second)).toBe(id(first))
    expect(first.out).toMatch(/\(created\)/)
    expect(second.out).toMatch(/already there, unchanged/)
    expect(second.out).toMatch(
      /gas station: up to \$100(\.0+)? per 60 minutes, as asked/,
    )
    expect(await profileCreations()).toHaveLength(1)
    const printed = [first, second].map((run) => run.out + run.err).join('\n')
    expect(printed).not.toContain(vendor.parentApiKey.privateKey)
  })

  it('exits 1 with what to do when the vendor differs', async () => {
    const run = await setup([
      '--gas-limit-usd',
      '100',
      '--gas-window-minutes',
      '60',
    ])
    expect(run.code).toBe(1)
    expect(run.err).toMatch(
      /^error: The vendor has no Gas Station limits.*dashboard/,
    )
  })

  it('exits 2, asking nothing of the vendor, for a command line or environment it cannot run with', async () => {
    const keyOnArgv = await setup([
      '--api-private-key',
      vendor.parentApiKey.privateKey,
    ])
    expect(keyOnArgv.code).toBe(2)
    expect(keyOnArgv.err).toMatch(/TURNKEY_API_PRIVATE_KEY only/)
    expect(keyOnArgv.err).not.toContain(vendor.parentApiKey.privateKey)
    const oneGasOption = await setup(['--gas-limit-usd', '100'])
    expect(oneGasOption.err).toMatch(
      /--gas-limit-usd and --gas-window-minutes both/,
    )
    const noKey = await setup([], {
      TURNKEY_ORGANIZATION_ID: vendor.parentOrganizationId,
    })
    expect(noKey.err).toMatch(
      /set TURNKEY_API_PUBLIC_KEY, TURNKEY_API_PRIVATE_KEY: your parent organization/,
    )
    const badUrl = await setup([], {
      ...environment(),
      TURNKEY_API_BASE_URL: 'http://vendor.example',
    })
    expect(badUrl.err).toMatch(/^error: TURNKEY_API_BASE_URL: /)
    const badExpiration = await setup(['--session-expiration-seconds', 'soon'])
    expect(badExpiration.err).toMatch(/expirationSeconds/)
    for (const run of [oneGasOption, noKey, badUrl, badExpiration])
      expect(run.code).toBe(2)
    expect(await vendorActivities(vendor.url)).toHaveLength(0)
  })

  it("is the package's bin: reads the key from the environment and prints the id", async () => {
    const command = startCommand(
      process.execPath,
      ['--import', 'tsx', 'src/server/setupBin.ts'],
      { env: { ...process.env, ...environment() } },
    )
    expect(await command.exited).toBe(0)
    const [, id] = /session profile: ([0-9a-f-]{36}) \(created\)/.exec(
      command.output(),
    )!
    expect((await profileCreations())[0]?.result).toEqual({
      createSessionProfileResult: { sessionProfileId: id },
    })
  })
})
