import { createHash, randomUUID } from 'node:crypto'
import type { Principal } from './authenticate.js'
import type {
  EndpointContext,
  SubmitEndpoint,
  VoteEndpoint,
} from './endpoint.js'
import type { Fault } from './Faults.js'
import { type Activity, type Organization, toTimestamp } from './model.js'
import { badRequest, forbidden, notFound, VendorError } from './VendorError.js'
import { userView } from './views.js'

/** The votes on an activity awaiting the root quorum. */
export const voteSubmits: Record<string, VoteEndpoint> = {
  approve_activity: {
    kind: 'vote',
    type: 'ACTIVITY_TYPE_APPROVE_ACTIVITY',
    approves: true,
  },
  reject_activity: {
    kind: 'vote',
    type: 'ACTIVITY_TYPE_REJECT_ACTIVITY',
    approves: false,
  },
}

type HeldWork = () => Promise<Record<string, unknown>>

/**
 * What happens to a submitted activity: one activity per body (a retry, even
 * sent at once, finds the first), run now or held — for the root quorum's
 * votes, or by the `pending` fault switch until it has been polled enough —
 * and completed or failed with the vendor's error.
 */
export function createActivityLifecycle() {
  // Work that waits for the root quorum, by activity id.
  const awaitingConsensus = new Map<
    string,
    { run: HeldWork; byFault: boolean }
  >()
  // Activities held PENDING by the fault switch, released after some polls.
  const awaitingPolls = new Map<string, { run: HeldWork; pollsLeft: number }>()
  const inFlight = new Map<string, Promise<{ activity: Activity }>>()

  return { submit, vote, poll }

  /** The activity of a checked request: the existing one for a body seen before, else a new one. */
  async function submit(request: {
    context: EndpointContext
    name: string
    type: string
    endpoint: SubmitEndpoint
    parameters: Record<string, unknown>
    fault: Fault | undefined
    /** The signed request body, fingerprinted and recorded on the activity's vote. */
    rawBody: Buffer
  }) {
    const { organization } = request.context
    const fingerprint = `sha256:${createHash('sha256').update(request.rawBody).digest('hex')}`
    const existing = organization.activities.find(
      (a) => a.fingerprint === fingerprint,
    )
    if (existing) return { activity: existing }
    // The same body sent twice at once (a retry) still makes one activity, in
    // its own organization: two sub-orgs may send one body naming the parent.
    const flight = `${organization.organizationId} ${fingerprint}`
    const running = inFlight.get(flight)
    if (running) return running
    const creation = create({ ...request, fingerprint })
    inFlight.set(flight, creation)
    try {
      return await creation
    } finally {
      inFlight.delete(flight)
    }
  }

  async function create({
    context,
    name,
    type,
    endpoint,
    parameters,
    fault,
    rawBody,
    fingerprint,
  }: Parameters<typeof submit>[0] & { fingerprint: string }) {
    const { organization, principal, nowMs } = context
    const resultKey = endpoint.resultKeys[type]!
    const id = randomUUID()
    const activity: Activity = {
      id,
      organizationId: organization.organizationId,
      status: 'ACTIVITY_STATUS_PENDING',
      type,
      intent: { [intentKey(name, type)]: parameters },
      result: {},
      votes: [voteOf(principal, nowMs, id, rawBody.toString('utf8'))],
      fingerprint,
      canApprove: false,
      canReject: false,
      createdAt: toTimestamp(nowMs),
      updatedAt: toTimestamp(nowMs),
    }
    const run = async () => ({
      [resultKey]: await endpoint.handle(context, parameters),
    })
    if (fault?.kind === 'failed') {
      activity.status = 'ACTIVITY_STATUS_FAILED'
      activity.failure = {
        code: 13,
        message: 'activity failed (sandbox fault switch)',
        details: [],
      }
    } else if (fault?.kind === 'pending') {
      awaitingPolls.set(activity.id, { run, pollsLeft: fault.polls })
    } else if (
      fault?.kind === 'consensus' ||
      needsQuorum(organization, principal)
    ) {
      activity.status = 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
      activity.canApprove = true
      activity.canReject = true
      awaitingConsensus.set(activity.id, {
        run,
        byFault: fault?.kind === 'consensus',
      })
    } else {
      activity.result = await run()
      activity.status = 'ACTIVITY_STATUS_COMPLETED'
    }
    organization.activities.push(activity)
    return { activity }
  }

  /** `get_activity` polled it: a held (`pending` switch) activity finishes once it has been polled enough. */
  async function poll(organization: Organization, activityId: unknown) {
    const held =
      typeof activityId === 'string' ? awaitingPolls.get(activityId) : undefined
    const activity = organization.activities.find((a) => a.id === activityId)
    if (!held || !activity || --held.pollsLeft > 0) return
    awaitingPolls.delete(activity.id)
    await settle(activity, held.run)
  }

  /** approve_activity / reject_activity: a root user's vote on an activity awaiting consensus. */
  async function vote(
    endpoint: VoteEndpoint,
    context: EndpointContext,
    { fingerprint }: Record<string, unknown>,
    /** The signed request body, recorded on the vote. */
    message: string,
  ) {
    const { organization, principal, nowMs } = context
    const activity = organization.activities.find(
      (a) => a.fingerprint === fingerprint,
    )
    if (!activity)
      throw notFound('no activity found with the given fingerprint')
    const awaiting = awaitingConsensus.get(activity.id)
    if (activity.status !== 'ACTIVITY_STATUS_CONSENSUS_NEEDED' || !awaiting)
      throw badRequest(`activity is ${activity.status}, not awaiting consensus`)
    if (!organization.rootUserIds.includes(principal.user.userId))
      throw forbidden()
    if (
      !awaiting.byFault &&
      activity.votes.some(
        (v) => (v as { userId: string }).userId === principal.user.userId,
      )
    )
      throw badRequest('user has already voted on this activity')
    activity.updatedAt = toTimestamp(nowMs)
    if (!endpoint.approves) {
      activity.votes.push({
        ...voteOf(principal, nowMs, activity.id, message),
        selection: 'VOTE_SELECTION_REJECTED',
      })
      activity.status = 'ACTIVITY_STATUS_REJECTED'
      awaitingConsensus.delete(activity.id)
    } else {
      activity.votes.push(voteOf(principal, nowMs, activity.id, message))
      const approvals = activity.votes.filter(
        (v) =>
          (v as { selection: string }).selection === 'VOTE_SELECTION_APPROVED',
      ).length
      if (awaiting.byFault || approvals >= organization.rootQuorumThreshold) {
        awaitingConsensus.delete(activity.id)
        await settle(activity, awaiting.run)
      }
    }
    activity.canApprove = activity.canReject =
      activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
    return { activity }
  }
}

/** Runs held work: the activity completes, or fails with the vendor error. */
async function settle(activity: Activity, run: HeldWork) {
  try {
    activity.result = await run()
    activity.status = 'ACTIVITY_STATUS_COMPLETED'
  } catch (error) {
    if (!(error instanceof VendorError)) throw error
    activity.status = 'ACTIVITY_STATUS_FAILED'
    activity.failure = error.toBody()
  }
}

function needsQuorum(organization: Organization, principal: Principal) {
  return (
    organization.rootQuorumThreshold > 1 &&
    organization.rootUserIds.includes(principal.user.userId)
  )
}

/** A vote as the vendor's schema lists it: who, on what, and the stamp that signed the request. */
function voteOf(
  principal: Principal,
  nowMs: number,
  activityId: string,
  message: string,
) {
  return {
    id: randomUUID(),
    userId: principal.user.userId,
    user: userView(principal.user),
    activityId,
    selection: 'VOTE_SELECTION_APPROVED',
    message,
    publicKey: principal.stamp.publicKey,
    signature: principal.stamp.signature,
    scheme: principal.stamp.scheme,
    createdAt: toTimestamp(nowMs),
  }
}

/** `sign_raw_payload` + `ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2` → `signRawPayloadIntentV2`. */
function intentKey(name: string, type: string) {
  const camel = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
  return `${camel}Intent${/_(V\d+)$/.exec(type)?.[1] ?? ''}`
}
