import { randomUUID } from 'node:crypto'
import {
  type Address,
  formatEther,
  type Hex,
  isAddress,
  isHex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  type Call,
  gasStationNonce,
  isDelegated,
} from '../contracts/gasDelegateBatch.js'
import {
  type Prepared,
  prepareBatch,
  prepareCall,
  prepareUndelegation,
  publicClientFor,
} from './chainSender.js'
import type {
  EndpointContext,
  QueryEndpoint,
  SubmitEndpoint,
} from './endpoint.js'
import type { GasUsageConfig, Organization, SentTransaction } from './model.js'
import { badRequest, notFound, VendorError } from './VendorError.js'
import type { VendorState } from './VendorState.js'
import { signerFor } from './wallets.js'

/**
 * What the sandbox charges sponsored gas at: a fixed ETH price, so that
 * limits in USD mean the same at every run.
 */
const sandboxEthUsd = 2000
const maxCalls = 50
const maxWindowMinutes = 43_200

const type = (suffix: string) => `ACTIVITY_TYPE_${suffix}`

const failedPrecondition = (message: string) => new VendorError(400, 9, message)

function chainUrl(context: EndpointContext, caip2: unknown) {
  const chainId = Number(String(caip2).replace(/^eip155:/, ''))
  if (!context.chains)
    throw badRequest(
      'this emulator was started without chains (startVendor without chains): it sends no transactions',
    )
  const url = context.chains[chainId]
  // The schema's enum let it through, but the sandbox runs only its own chains.
  if (!url)
    throw badRequest(
      `the sandbox runs no chain for ${String(caip2)}: use ${Object.keys(
        context.chains,
      )
        .map((id) => `eip155:${id}`)
        .join(' or ')}`,
    )
  return { chainId, client: publicClientFor(chainId, url) }
}

function decimal(value: unknown, name: string): bigint | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw badRequest(`${name} must be a decimal string`)
  return BigInt(value)
}

function callsFrom(value: unknown): Call[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > maxCalls)
    throw badRequest(
      `calls must contain between 1 and ${maxCalls} entries, not ${Array.isArray(value) ? value.length : 0}`,
    )
  return value.map((call: Record<string, unknown>, index) => {
    // A mixed-case address with a wrong EIP-55 checksum is a typo, not an address.
    if (typeof call.to !== 'string' || !isAddress(call.to))
      throw badRequest(
        `calls[${index}].to must be a 0x-prefixed address (mixed case only with its EIP-55 checksum)`,
      )
    if (
      call.data !== undefined &&
      (typeof call.data !== 'string' ||
        !isHex(call.data) ||
        call.data.length % 2 !== 0)
    )
      throw badRequest(`calls[${index}].data must be 0x-prefixed hex bytes`)
    return {
      to: call.to as Address,
      value: decimal(call.value, `calls[${index}].value`) ?? 0n,
      data: (call.data as Hex | undefined) ?? '0x',
    }
  })
}

function feesFrom(parameters: Record<string, unknown>) {
  const nonce = decimal(parameters.nonce, 'nonce')
  return {
    nonce: nonce === undefined ? undefined : Number(nonce),
    gas: decimal(parameters.gasLimit, 'gasLimit'),
    maxFeePerGas: decimal(parameters.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: decimal(
      parameters.maxPriorityFeePerGas,
      'maxPriorityFeePerGas',
    ),
  }
}

/** The organization whose gas usage config limits this one: its parent, or itself. */
function billingOrganization(state: VendorState, organization: Organization) {
  return organization.parentOrganizationId
    ? state.organization(organization.parentOrganizationId)
    : organization
}

function usageUsd(
  organizations: Organization[],
  config: GasUsageConfig,
  nowMs: number,
) {
  const since = nowMs - config.windowDurationMinutes * 60_000
  return organizations
    .flatMap((organization) => organization.sponsoredGas ?? [])
    .filter(({ atMs }) => atMs > since)
    .reduce((sum, { usd }) => sum + usd, 0)
}

const usd = (value: number) => value.toFixed(6)

/**
 * Refuses a sponsored batch that its organization's or the billing
 * organization's window could not pay for at the estimate's price, and
 * counts the estimate against the windows from the moment it is accepted
 * (in the same turn as the check: a batch accepted meanwhile is counted), so
 * that batches sent at once cannot overshoot them. Its entry, which the
 * batch's real cost replaces once it is mined.
 */
function reserveSponsorship(
  context: EndpointContext,
  estimateUsd: number,
): { atMs: number; usd: number } {
  const { state, organization, nowMs } = context
  const billing = billingOrganization(state, organization)
  const config = billing.gasUsageConfig
  if (!config?.enabled)
    throw failedPrecondition(
      'gas sponsorship is not enabled for this organization',
    )
  const everyone = [
    billing,
    ...state.subOrganizationsOf(billing.organizationId),
  ]
  const limits =
    organization === billing
      ? [{ who: 'organization', limit: config.orgWindowLimitUsd, in: everyone }]
      : [
          {
            who: 'sub-organization',
            limit: config.subOrgWindowLimitUsd,
            in: [organization],
          },
          {
            who: 'organization',
            limit: config.orgWindowLimitUsd,
            in: everyone,
          },
        ]
  for (const { who, limit, in: organizations } of limits) {
    const used = usageUsd(organizations, config, nowMs)
    if (used + estimateUsd > limit)
      throw failedPrecondition(
        `gas sponsorship limit exceeded: the ${who}'s window of ${config.windowDurationMinutes} minutes allows ${usd(limit)} USD, ${usd(used)} USD is used and this transaction may cost up to ${usd(estimateUsd)} USD`,
      )
  }
  const reservation = { atMs: nowMs, usd: estimateUsd }
  organization.sponsoredGas ??= []
  organization.sponsoredGas.push(reservation)
  return reservation
}

const costUsd = (gas: bigint, gasPrice: bigint) =>
  Number(formatEther(gas * gasPrice)) * sandboxEthUsd

/**
 * Records the transaction and sends it in the background, as the vendor
 * does: the activity answers a status id at once, the status follows the chain.
 */
function track(
  context: EndpointContext,
  client: PublicClient,
  prepared: Prepared,
  /** A sponsored batch's entry in its windows: its estimate until mined. */
  sponsored?: { usd: number },
) {
  const { organization } = context
  const sent: SentTransaction = {
    sendTransactionStatusId: randomUUID(),
    txStatus: 'PENDING',
  }
  organization.sentTransactions ??= []
  organization.sentTransactions.push(sent)
  if (!prepared.ok) {
    // The simulation reverted: nothing is broadcast, nothing lands.
    sent.txStatus = 'FAILED'
    sent.error = prepared.error
    return { sendTransactionStatusId: sent.sendTransactionStatusId }
  }
  void (async () => {
    try {
      const hash = await prepared.send()
      sent.txHash = hash
      sent.txStatus = 'BROADCASTED'
      const receipt = await client.waitForTransactionReceipt({
        hash,
        pollingInterval: 100,
      })
      if (sponsored)
        sponsored.usd = costUsd(receipt.gasUsed, receipt.effectiveGasPrice)
      if (receipt.status === 'success') sent.txStatus = 'INCLUDED'
      else {
        sent.txStatus = 'FAILED'
        sent.error = { message: 'execution reverted' }
      }
    } catch (error) {
      sent.txStatus = 'FAILED'
      sent.error = {
        message: `broadcast failed: ${(error as Error).message.split('\n')[0]}`,
      }
      // Whether it reached the chain is unknown: the estimate stays counted.
    }
  })()
  return { sendTransactionStatusId: sent.sendTransactionStatusId }
}

/** `eth_send_transaction` (V2) and `eth_undelegate_7702`, sent on the sandbox's chains. */
export const sendTransactionSubmits: Record<string, SubmitEndpoint> = {
  eth_send_transaction: {
    kind: 'submit',
    resultKeys: {
      [type('ETH_SEND_TRANSACTION_V2')]: 'ethSendTransactionResultV2',
    },
    async handle(context, parameters) {
      const { from, caip2, sponsor, deadline, gasStationNonce } = parameters
      const { client } = chainUrl(context, caip2)
      const calls = callsFrom(parameters.calls)
      const account = privateKeyToAccount(
        signerFor(context.organization, from).privateKey,
      )
      const fees = feesFrom(parameters)
      const sponsored = sponsor === true
      const batch = sponsored || calls.length > 1
      // What the schema says a field is for is all it is accepted for.
      if (!sponsored && deadline !== undefined)
        throw badRequest('deadline is only used when sponsor is true')
      if (!batch && gasStationNonce !== undefined)
        throw badRequest(
          'gasStationNonce is only valid for sponsored transactions and multi-call batches',
        )
      if (sponsored && Object.values(fees).some((value) => value !== undefined))
        throw badRequest(
          'nonce, gasLimit, maxFeePerGas and maxPriorityFeePerGas set the transaction the account pays for; a sponsored one is the sponsor’s',
        )
      const prepared = batch
        ? await prepareBatch(client, account, {
            calls,
            sponsored,
            batchNonce: decimal(gasStationNonce, 'gasStationNonce'),
            deadline: decimal(deadline, 'deadline') ?? 0n,
            fees,
          })
        : await prepareCall(client, account, calls[0]!, fees)
      const reservation =
        sponsored && prepared.ok
          ? reserveSponsorship(
              context,
              costUsd(prepared.gas, prepared.maxFeePerGas),
            )
          : undefined
      return track(context, client, prepared, reservation)
    },
  },
  eth_undelegate_7702: {
    kind: 'submit',
    resultKeys: { [type('ETH_UNDELEGATE_7702')]: 'ethUndelegate7702Result' },
    async handle(context, parameters) {
      const { client } = chainUrl(context, parameters.caip2)
      const account = privateKeyToAccount(
        signerFor(context.organization, parameters.from).privateKey,
      )
      if (!(await isDelegated(client, account.address)))
        throw failedPrecondition(
          `${account.address} has no EIP-7702 delegation to undo`,
        )
      return track(
        context,
        client,
        await prepareUndelegation(client, account, feesFrom(parameters)),
      )
    },
  },
}

/** `get_send_transaction_status`, `get_nonces` and `get_gas_usage`. */
export const sendTransactionQueries: Record<string, QueryEndpoint> = {
  get_send_transaction_status: {
    kind: 'query',
    sessionKeyReads: true,
    handle: ({ organization }, { sendTransactionStatusId }) => {
      const sent = organization.sentTransactions?.find(
        (t) => t.sendTransactionStatusId === sendTransactionStatusId,
      )
      if (!sent)
        throw notFound('no send transaction status found with the given ID')
      return {
        txStatus: sent.txStatus,
        ...(sent.txHash && { eth: { txHash: sent.txHash } }),
        ...(sent.error && { txError: sent.error.message, error: sent.error }),
      }
    },
  },
  get_nonces: {
    kind: 'query',
    sessionKeyReads: true,
    async handle(context, { address, caip2, nonce, gasStationNonce: wanted }) {
      const { client } = chainUrl(context, caip2)
      // Only the organization's own accounts: reading others is not documented.
      const { account } = signerFor(context.organization, address)
      const owner = account.address as Address
      return {
        ...(nonce === true && {
          nonce: String(
            await client.getTransactionCount({
              address: owner,
              blockTag: 'pending',
            }),
          ),
        }),
        ...(wanted === true && {
          // Kept in the account's storage, so it survives an undelegation.
          gasStationNonce: String(await gasStationNonce(client, owner)),
        }),
      }
    },
  },
  get_gas_usage: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ state, organization, nowMs }) => {
      const billing = billingOrganization(state, organization)
      const config = billing.gasUsageConfig
      if (!config)
        throw notFound('no gas usage config found for this organization')
      const isBilling = billing === organization
      return {
        windowDurationMinutes: config.windowDurationMinutes,
        windowLimitUsd: usd(
          isBilling ? config.orgWindowLimitUsd : config.subOrgWindowLimitUsd,
        ),
        usageUsd: usd(
          usageUsd(
            isBilling
              ? [billing, ...state.subOrganizationsOf(billing.organizationId)]
              : [organization],
            config,
            nowMs,
          ),
        ),
      }
    },
  },
}

/**
 * Sets a parent organization's gas usage config from the vendor's
 * `v1UpsertGasUsageConfigIntent`. The vendor publishes no API path for it
 * (its dashboard sets it), so the sandbox takes it on its own route.
 */
export function upsertGasUsageConfig(
  organization: Organization,
  parameters: Record<string, unknown>,
) {
  if (organization.parentOrganizationId)
    throw badRequest(
      'the gas usage config belongs to the billing (parent) organization',
    )
  const limit = (value: unknown, name: string) => {
    if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value))
      throw badRequest(`${name} must be a decimal string of USD`)
    return Number(value)
  }
  const minutes = Number(parameters.windowDurationMinutes)
  if (
    !/^\d+$/.test(String(parameters.windowDurationMinutes)) ||
    minutes < 1 ||
    minutes > maxWindowMinutes
  )
    throw badRequest(
      `windowDurationMinutes must be a whole number of minutes from 1 to ${maxWindowMinutes} (30 days)`,
    )
  organization.gasUsageConfig = {
    gasUsageConfigId:
      organization.gasUsageConfig?.gasUsageConfigId ?? randomUUID(),
    orgWindowLimitUsd: limit(parameters.orgWindowLimitUsd, 'orgWindowLimitUsd'),
    subOrgWindowLimitUsd: limit(
      parameters.subOrgWindowLimitUsd,
      'subOrgWindowLimitUsd',
    ),
    windowDurationMinutes: minutes,
    enabled:
      typeof parameters.enabled === 'boolean'
        ? parameters.enabled
        : (organization.gasUsageConfig?.enabled ?? true),
  }
  return { gasUsageConfigId: organization.gasUsageConfig.gasUsageConfigId }
}
