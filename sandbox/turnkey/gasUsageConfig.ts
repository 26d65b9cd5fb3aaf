/** The parent organization's sponsorship limits, as the vendor's `upsert_gas_usage_config` intent has them. */
export type GasUsageConfigParameters = {
  /** USD all the organization's users may have sponsored within a window. */
  orgWindowLimitUsd: string
  /** USD each sub-organization may have sponsored within a window. */
  subOrgWindowLimitUsd: string
  windowDurationMinutes: string
  enabled?: boolean | undefined
}

/**
 * Sets the parent organization's sponsorship limits on the vendor emulator
 * at `vendor.url`, through its own route (`POST /sandbox/gas-usage-config`):
 * the vendor publishes no API route for the intent.
 */
export async function setGasUsageConfig(
  vendor: { url: string; parentOrganizationId: string },
  parameters: GasUsageConfigParameters,
) {
  const response = await fetch(`${vendor.url}/sandbox/gas-usage-config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organizationId: vendor.parentOrganizationId,
      parameters,
    }),
  })
  if (!response.ok)
    throw new Error(
      `POST ${vendor.url}/sandbox/gas-usage-config: ${await response.text()}`,
    )
}
