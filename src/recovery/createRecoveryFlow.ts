import { createSupersession } from '../core/createSupersession.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { VendorRequestError } from '../turnkey/errors.js'
import type {
  RecoveryStartAnswer,
  RecoveryStartRequest,
  RecoveryType,
} from '../turnkey/recoveryStartContract.js'
import type { VendorAttestation } from '../turnkey/VendorAttestation.js'
import type {
  CodeSender,
  PendingCode,
  RecoveryCodeFormat,
} from './CodeSender.js'
import { createBackendCodeSender } from './createBackendCodeSender.js'
import type { CodeFrame, CodeKey } from './createCodeFrame.js'
import type { RecoveryStateStore } from './createRecoveryStateStore.js'
import { InvalidRecoveryCodeError, RecoveryStepError } from './errors.js'
import type { RecoveryState } from './recoveryState.js'
import {
  recoveryCodeValiditySeconds,
  validateRecoveryCode,
} from './validateRecoveryCode.js'

export type RecoveryStep =
  | 'idle'
  | 'sending-email'
  | 'waiting-for-code'
  | 'verifying-code'
  | 'ready-to-create-passkey'
  | 'creating-passkey'
  /** The new passkey is registered: connect with it (a user tap, for iOS). */
  | 'passkey-created'

export type RecoverySnapshot = {
  step: RecoveryStep
  /**
   * The recovery types offered: both with a host backend, `['email']`
   * through the Auth Proxy (its code signs a session that adds the passkey).
   */
  types: readonly RecoveryType[]
  type: RecoveryType | undefined
  email: string | undefined
  /** Unix seconds after which the emailed code no longer works, when known. */
  codeExpiresAt: number | undefined
  /** The emailed code's length and alphabet, when known (Auth Proxy codes). */
  codeFormat: RecoveryCodeFormat | undefined
  /** Unix seconds at which the recovery session stops signing (email recovery). */
  sessionExpiresAt: number | undefined
  /**
   * A recovery session was open before this page loaded. Its key was never
   * stored, so finishing needs a new code.
   */
  interrupted: boolean
  /** Why the last action failed; cleared by the next one. */
  error: Error | undefined
}

export type RecoveryFlow = {
  getSnapshot(): RecoverySnapshot
  subscribe(listener: () => void): () => void
  /** Asks the host backend to email a code for `type` recovery. */
  sendEmail(request: { email: string; type: RecoveryType }): Promise<void>
  /** Decrypts and checks the pasted code; opens the recovery session. */
  submitCode(code: string): Promise<void>
  /** Registers a new passkey for the user (one prompt). */
  createPasskey(): Promise<void>
  /** Forgets everything, stored state included. */
  reset(): Promise<void>
}

export type CreateRecoveryFlowParameters = {
  vendor: VendorClient
  parentOrganizationId: string
  stateStore: RecoveryStateStore
  sessionExpirationSeconds: number
  createPasskey(
    userName: string,
  ): Promise<{ challenge: string; attestation: VendorAttestation }>
  /** Tells the browser a passkey created here belongs to no account (best effort). */
  forgetPasskey?: ((credentialId: string) => Promise<void>) | undefined
  now?: (() => number) | undefined
} & (
  | {
      /** The host backend's recovery start (the parent API key stays there). */
      start(
        request: RecoveryStartRequest,
        options: { signal: AbortSignal },
      ): Promise<RecoveryStartAnswer | Response>
      /** How long `start` may take (`backendTimeoutMs`). */
      startTimeoutMs?: number | undefined
      /** Opens the isolated frame a code is encrypted to, decrypted in and stamped by. */
      openCodeFrame(): Promise<CodeFrame>
      codeSender?: undefined
    }
  | {
      /** Where codes come from instead of the host backend (the vendor's Auth Proxy). */
      codeSender: CodeSender
      start?: undefined
      startTimeoutMs?: undefined
      openCodeFrame?: undefined
    }
)

type VendorUser = {
  userId: string
  userName: string
  userEmail?: string
  userTags?: string[]
  apiKeys: {
    credential: { publicKey: string; type: string }
    createdAt: { seconds: string }
    expirationSeconds?: string
  }[]
}

/** The email sent: where its code must come from, known to this page only. */
type SentCode = {
  /** Opens the code into its key (held by an isolated frame, or non-extractable). */
  code: PendingCode
  sentAt: number
  /** The user the code was sent to, as the sender says. */
  to: Partial<RecoveryStartAnswer>
}

/** The user being recovered, known once the code is accepted; lives in memory only. */
type Recovery = {
  type: RecoveryType
  code: PendingCode
  key: CodeKey
  organizationId: string
  userId: string
  /** Shown by the new passkey's prompt. */
  userName: string
  /** Unix seconds: the end of the session (email) or of the key's life. */
  expiresAt: number
  /** Done steps are not repeated when the user retries after a failure. */
  passkey?: { challenge: string; attestation: VendorAttestation }
  authenticatorAdded?: boolean
  userConfirmed?: boolean
}

const initial: Omit<RecoverySnapshot, 'types'> = {
  step: 'idle',
  type: undefined,
  email: undefined,
  codeExpiresAt: undefined,
  codeFormat: undefined,
  sessionExpiresAt: undefined,
  interrupted: false,
  error: undefined,
}

// The vendor refuses a code's key it no longer has (expired, used, unknown).
const refusesTheKey = (error: unknown) =>
  error instanceof VendorRequestError &&
  (error.status === 401 || error.status === 403)

class SupersededError extends Error {}

/**
 * Recovery by emailed code, framework-free: send the email, paste the code,
 * create a new passkey. The code is decrypted with a key generated for this
 * page and never stored; only the public recovery state is persisted.
 */
export function createRecoveryFlow(
  parameters: CreateRecoveryFlowParameters,
): RecoveryFlow {
  const {
    vendor,
    parentOrganizationId,
    stateStore,
    sessionExpirationSeconds,
    createPasskey,
    forgetPasskey = async () => undefined,
    now = () => Math.floor(Date.now() / 1000),
  } = parameters
  const codeSender =
    parameters.codeSender ??
    createBackendCodeSender({
      start: parameters.start,
      openCodeFrame: parameters.openCodeFrame,
      timeoutMs: parameters.startTimeoutMs,
    })
  const start: RecoverySnapshot = { ...initial, types: codeSender.types }
  let snapshot = start
  const listeners = new Set<() => void>()
  let sent: SentCode | undefined
  let recovery: Recovery | undefined
  // Superseded by reset(): work that finishes afterwards changes nothing.
  const steps = createSupersession()

  function update(change: Partial<RecoverySnapshot>) {
    snapshot = { ...snapshot, ...change }
    for (const listener of listeners) listener()
  }

  function expect(action: string, ...steps: RecoveryStep[]) {
    if (!steps.includes(snapshot.step))
      throw new RecoveryStepError({ action, step: snapshot.step })
  }

  /**
   * Runs one step: `busy` while it works, its result after, or back to
   * `from` with the error. `current()` throws once reset() has been called.
   */
  async function run(
    from: RecoveryStep | (() => RecoveryStep),
    busy: RecoveryStep,
    work: (current: () => void) => Promise<Partial<RecoverySnapshot>>,
  ) {
    const signal = steps.current()
    const current = () => {
      if (signal.aborted) throw new SupersededError()
    }
    update({ step: busy, error: undefined })
    try {
      const result = await work(current)
      current()
      update(result)
    } catch (error) {
      if (error instanceof SupersededError || signal.aborted) return
      update({
        step: typeof from === 'function' ? from() : from,
        error: error as Error,
      })
      throw error
    }
  }

  function toCodeError(error: unknown): never {
    if (refusesTheKey(error))
      throw new InvalidRecoveryCodeError({
        reason: `the vendor refused the code's key: ${(error as VendorRequestError).vendorMessage}`,
        cause: error,
      })
    throw error
  }

  /** Forgets the recovery whose key no longer works; the user starts again. */
  async function endRecovery(reason: string, cause?: unknown): Promise<never> {
    recovery?.code.destroy()
    recovery = undefined
    await stateStore.clear()
    update({ sessionExpiresAt: undefined })
    throw new InvalidRecoveryCodeError({ reason, cause })
  }

  async function getUser(organizationId: string, userId: string, key: CodeKey) {
    const { user } = await vendor.query<{ user: VendorUser }>(
      'get_user',
      { organizationId, userId },
      key.stamper,
    )
    return user
  }

  async function submit(
    name: string,
    type: string,
    { organizationId, key }: Recovery,
    parameters: Record<string, unknown>,
  ) {
    await vendor.submit(
      name,
      {
        type,
        organizationId,
        parameters,
        resultKey: `${name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Result`,
      },
      key.stamper,
    )
  }

  /** Keeps the user's email and tags as they are: the vendor wants them with every update. */
  async function confirmUser(current: Recovery) {
    if (current.userConfirmed) return
    const user = await getUser(
      current.organizationId,
      current.userId,
      current.key,
    )
    await submit('update_user', 'ACTIVITY_TYPE_UPDATE_USER', current, {
      userId: user.userId,
      ...(user.userEmail ? { userEmail: user.userEmail } : {}),
      userTagIds: user.userTags ?? [],
    })
    current.userConfirmed = true
  }

  async function addPasskey(current: Recovery) {
    current.passkey ??= await createPasskey(current.userName)
    const authenticator = { authenticatorName: 'Passkey', ...current.passkey }
    const { userId } = current
    if (current.type === 'email') {
      if (!current.authenticatorAdded)
        await submit(
          'create_authenticators',
          'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
          current,
          { authenticators: [authenticator], userId },
        )
      current.authenticatorAdded = true
      await confirmUser(current)
    } else {
      // The recover-user key signs this one activity; the vendor deletes it after.
      await submit('recover_user', 'ACTIVITY_TYPE_RECOVER_USER', current, {
        authenticator,
        userId,
      })
    }
  }

  /** Email recovery: the code's key is an email-auth credential, which may read the user. */
  async function checkEmailCredential(
    key: CodeKey,
    credentialTypes: readonly string[] | undefined,
  ) {
    const { organizationId, userId } =
      (await vendor
        .query<{ organizationId?: string; userId?: string } | null>(
          'whoami',
          { organizationId: parentOrganizationId },
          key.stamper,
        )
        .catch(toCodeError)) ?? {}
    const user =
      organizationId && userId
        ? await getUser(organizationId, userId, key).catch(toCodeError)
        : undefined
    // The vendor's answer is outside input: a missing field means a code we cannot trust.
    const listed = user?.apiKeys?.find(
      (k) => k?.credential?.publicKey === key.publicKey,
    )
    const createdAt = Number(listed?.createdAt?.seconds ?? Number.NaN)
    validateRecoveryCode({
      recoveryType: 'email',
      credential: {
        organizationId,
        userId,
        type: listed?.credential.type ?? 'not listed for the user',
        createdAt,
      },
      nowSeconds: now(),
      credentialTypes,
    })
    return {
      organizationId: organizationId!,
      userId: userId!,
      userName: user!.userName,
      createdAt,
      keyLife: Number(listed?.expirationSeconds ?? Number.NaN),
    }
  }

  /**
   * Passkey recovery: the code's key may sign recover_user only, so the user
   * comes from the backend's answer and the code's age is bounded by when it
   * was asked for; the vendor checks the key's type when it signs.
   */
  function checkRecoveryCredential({ sentAt, to }: SentCode, email: string) {
    const { organizationId, userId } = to
    validateRecoveryCode({
      recoveryType: 'passkey',
      credential: {
        organizationId,
        userId,
        type: undefined,
        createdAt: sentAt,
      },
      nowSeconds: now(),
    })
    return {
      organizationId: organizationId!,
      userId: userId!,
      userName: email,
      createdAt: sentAt,
      keyLife: recoveryCodeValiditySeconds,
    }
  }

  async function loadStored() {
    const stored = await stateStore.load()
    if (stored && snapshot.step === 'idle' && !recovery)
      update({
        type: stored.type,
        sessionExpiresAt: stored.createdAt + stored.sessionExpirationSeconds,
        interrupted: true,
      })
  }
  void loadStored()

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    async sendEmail({ email, type }) {
      expect('sendEmail', 'idle', 'waiting-for-code')
      if (!codeSender.types.includes(type))
        throw new RecoveryStepError({
          action: 'sendEmail',
          step: snapshot.step,
          reason: `recovery type "${type}" is not offered here (${codeSender.types.join(', ')}): with authProxy, the emailed code signs a session that adds the new passkey, so use type "email"`,
        })
      const address = email.trim()
      await run(snapshot.step, 'sending-email', async (current) => {
        const sentAt = now()
        const code = await codeSender.send({ email: address, type })
        try {
          current()
        } catch (superseded) {
          code.destroy()
          throw superseded
        }
        // Only now: if sending failed, the code already emailed still opens.
        sent?.code.destroy()
        sent = {
          code,
          sentAt,
          to: code.to as Partial<RecoveryStartAnswer>,
        }
        recovery?.code.destroy()
        recovery = undefined
        return {
          step: 'waiting-for-code',
          type,
          email: address,
          codeExpiresAt:
            code.validitySeconds === undefined
              ? undefined
              : sentAt + code.validitySeconds,
          codeFormat: code.format,
          sessionExpiresAt: undefined,
        }
      })
    },

    async submitCode(code) {
      expect('submitCode', 'waiting-for-code')
      const type = snapshot.type!
      await run('waiting-for-code', 'verifying-code', async (current) => {
        const request = sent
        if (!request)
          throw new RecoveryStepError({ action: 'submitCode', step: 'idle' })
        // The frame (or the sender) opens the code and keeps its key; the page gets stamps.
        const key = await request.code.open(code)
        const { organizationId, userId, userName, createdAt, keyLife } =
          type === 'email'
            ? await checkEmailCredential(key, request.code.credentialTypes)
            : checkRecoveryCredential(request, snapshot.email ?? '')
        current()
        // The frame now holds this code's key: a second code cannot use it.
        sent = undefined
        const startedAt = now()
        // The key's own expiry, read off the vendor's clock and counted on ours.
        const keyEnds = Number.isFinite(keyLife)
          ? startedAt + Math.max(0, createdAt + keyLife - startedAt)
          : Number.POSITIVE_INFINITY
        const sessionEnds =
          type === 'email'
            ? Math.min(startedAt + sessionExpirationSeconds, keyEnds)
            : keyEnds
        recovery = {
          type,
          code: request.code,
          key,
          organizationId,
          userId,
          userName,
          expiresAt: sessionEnds,
        }
        if (type === 'email') {
          const state: RecoveryState = {
            type,
            userId,
            createdAt: startedAt,
            sessionExpirationSeconds: sessionEnds - startedAt,
          }
          // Without storage the session still runs, for this page only.
          await stateStore.save(state).catch(() => undefined)
        }
        return {
          step: 'ready-to-create-passkey',
          sessionExpiresAt: type === 'email' ? sessionEnds : undefined,
          interrupted: false,
        }
      })
    },

    async createPasskey() {
      expect('createPasskey', 'ready-to-create-passkey')
      await run(
        // An ended session sends the user back to the start.
        () => (recovery ? 'ready-to-create-passkey' : 'idle'),
        'creating-passkey',
        async (current) => {
          const active = recovery!
          if (now() >= active.expiresAt)
            await endRecovery('the recovery session ended; request a new code')
          try {
            await addPasskey(active)
          } catch (error) {
            if (refusesTheKey(error)) {
              // The passkey made for this recovery will never belong to the account.
              if (active.passkey && !active.authenticatorAdded)
                await forgetPasskey(active.passkey.attestation.credentialId)
              await endRecovery(
                `the vendor refused the recovery key: ${(error as VendorRequestError).vendorMessage}`,
                error,
              )
            }
            throw error
          }
          current()
          // Done: the frame, and the code's key in it, go.
          active.code.destroy()
          recovery = undefined
          await stateStore.clear()
          return {
            step: 'passkey-created',
            sessionExpiresAt: undefined,
            codeExpiresAt: undefined,
          }
        },
      )
    },

    async reset() {
      steps.supersede()
      sent?.code.destroy()
      sent = undefined
      recovery?.code.destroy()
      recovery = undefined
      await stateStore.clear()
      update(start)
    },
  }
}
