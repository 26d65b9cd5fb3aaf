import { isWholeFrom } from '../core/checks.js'
import { BaseError } from '../core/errors.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import {
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'
import { InvalidPasskeyBackendParameterError } from './errors.js'

/** The parent organization's Gas Station limits, as the vendor's dashboard sets them. */
export type GasSponsorshipLimits = {
  /** USD the vendor may pay for all your users together within one window, a decimal string (`'100'`, `'12.50'`). */
  orgWindowLimitUsd: string
  /** The rolling window, in whole minutes: 1 to 43200 (30 days, the vendor's longest). */
  windowDurationMinutes: number
}

/** What the vendor answers for the parent organization's Gas Station. */
export type GasSponsorshipUsage = GasSponsorshipLimits & {
  /** USD paid within the current window. */
  usageUsd: string
}

export type GasSponsorshipLimitsErrorType = GasSponsorshipLimitsError & {
  name: 'GasSponsorshipLimitsError'
}
/**
 * The parent organization's Gas Station is not set up with the limits
 * asked, or not at all. The vendor's API reads the limits but publishes no
 * route that sets them: its dashboard does.
 */
export class GasSponsorshipLimitsError extends BaseError {
  override name = 'GasSponsorshipLimitsError'
  static get code() {
    return 'gas_sponsorship_limits' as const
  }
  /** What the vendor has, or undefined when it has no limits set. */
  readonly actual: GasSponsorshipUsage | undefined
  constructor({
    wanted,
    actual,
  }: {
    wanted: GasSponsorshipLimits
    actual: GasSponsorshipUsage | undefined
  }) {
    const asked = `$${wanted.orgWindowLimitUsd} per ${wanted.windowDurationMinutes} minutes`
    super(
      actual
        ? `The vendor's Gas Station pays up to $${actual.orgWindowLimitUsd} per ${actual.windowDurationMinutes} minutes, not ${asked}: set the limits in the vendor's dashboard, then run this again.`
        : `The vendor has no Gas Station limits for this organization: turn gas sponsorship on in the vendor's dashboard with ${asked}, then run this again.`,
      {
        code: GasSponsorshipLimitsError.code,
        docsPath: 'docs/vendor-setup.md#4-the-gas-station',
      },
    )
    this.actual = actual
  }
}

/** `limits` checked; a bad one throws InvalidPasskeyBackendParameterError naming it. */
function checkedLimits(limits: GasSponsorshipLimits): GasSponsorshipLimits {
  const { orgWindowLimitUsd, windowDurationMinutes } = (limits ??
    {}) as Partial<Record<keyof GasSponsorshipLimits, unknown>>
  if (
    typeof orgWindowLimitUsd !== 'string' ||
    !/^\d+(\.\d+)?$/.test(orgWindowLimitUsd)
  )
    throw new InvalidPasskeyBackendParameterError(
      'checkGasSponsorship orgWindowLimitUsd',
      "a decimal string of USD, such as '100' or '12.50'",
    )
  if (!isWholeFrom(windowDurationMinutes, 1, 43_200))
    throw new InvalidPasskeyBackendParameterError(
      'checkGasSponsorship windowDurationMinutes',
      'whole minutes from 1 to 43200 (30 days)',
    )
  return { orgWindowLimitUsd, windowDurationMinutes }
}

/**
 * Reads the parent organization's Gas Station (`get_gas_usage`) and answers
 * its limits and what it paid, or throws GasSponsorshipLimitsError when they
 * are not those asked. It changes nothing, so it can run any number of times.
 */
export async function checkGasSponsorship(
  vendor: VendorClient,
  {
    organizationId,
    stamper,
    ...limits
  }: GasSponsorshipLimits & { organizationId: string; stamper: Stamper },
): Promise<GasSponsorshipUsage> {
  const wanted = checkedLimits(limits)
  let answer: {
    windowDurationMinutes?: unknown
    windowLimitUsd?: unknown
    usageUsd?: unknown
  }
  try {
    answer = await vendor.query('get_gas_usage', { organizationId }, stamper)
  } catch (error) {
    // Not found: the organization has no limits yet.
    if (error instanceof VendorRequestError && error.status === 404)
      throw new GasSponsorshipLimitsError({ wanted, actual: undefined })
    throw error
  }
  const { windowDurationMinutes, windowLimitUsd, usageUsd } = answer
  // The schema types the window as an integer; JSON may carry it as a string.
  const minutes = Number(windowDurationMinutes)
  if (
    !Number.isInteger(minutes) ||
    typeof windowLimitUsd !== 'string' ||
    typeof usageUsd !== 'string'
  )
    throw unexpectedVendorAnswer(
      'get_gas_usage answered no windowDurationMinutes, windowLimitUsd and usageUsd',
    )
  const actual = {
    orgWindowLimitUsd: windowLimitUsd,
    windowDurationMinutes: minutes,
    usageUsd,
  }
  // Compared as amounts: the vendor may write '100' as '100.000000'.
  if (
    Number(windowLimitUsd) !== Number(wanted.orgWindowLimitUsd) ||
    minutes !== wanted.windowDurationMinutes
  )
    throw new GasSponsorshipLimitsError({ wanted, actual })
  return actual
}
