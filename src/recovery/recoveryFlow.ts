import { checkedEmail } from '../core/email.js'
import { InvalidEmailCodeError } from '../core/emailCode.js'
import { createStepRunner } from '../core/stepRunner.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type {
  RecoveryStartAnswer,
  RecoveryStartRequest,
  RecoveryType,
  VendorAttestation,
} from '../turnkey/hostBackendContract.js'
import type { CodeFrame } from './codeFrame.js'
import { type CodeSender, createBackendCodeSender } from './codeSenders.js'
import {
  createRecoveryActivities,
  type OpenRecovery,
  type ProviderKey,
  refusesTheKey,
  type SentCode,
} from './recoveryActivities.js'
import type { RecoveryCodeFormat } from './recoveryCode.js'
import type { RecoveryState } from './recoveryState.js'
import type { RecoveryStateStore } from './recoveryStateStore.js'

export type RecoveryStep =
  | 'idle'
  /** The provider's window is open: the person signs in there. */
  | 'signing-in'
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
  /** The providers a person may recover with (`passkeyWallet({ oidc: socialLogin(…) })`), in the host's order. */
  providers: readonly { id: string; name: string }[]
  /** How this recovery goes: an emailed code of either type, or a provider. */
  type: RecoveryType | 'provider' | undefined
  /** The provider's id, when `type` is `'provider'`. */
  provider: string | undefined
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
  /**
   * Signs the person in at a provider of `snapshot.providers`, its window
   * opened at once (call it in the person's tap), for a one-time key of the
   * account it opens: then `createPasskey()`. No email, no code.
   */
  signInWithProvider(provider: string): Promise<void>
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
  /** Recovery by a provider's sign-in, when the host configured providers. */
  providers?: ProviderRecovery | undefined
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

/** The providers a recovery may sign in with, and the sign-in that gives a one-time key. */
export type ProviderRecovery = {
  providers: readonly { id: string; name: string }[]
  /** Opens the provider's window at once (in the tap), then signs in; `signal` closes it. */
  signIn(provider: string, signal: AbortSignal): Promise<ProviderKey>
  /** The error of a provider's recovery whose one-time key stopped working: sign in again. */
  ended(provider: string | undefined, details: string, cause: unknown): Error
}

const initial: Omit<RecoverySnapshot, 'types' | 'providers'> = {
  step: 'idle',
  type: undefined,
  provider: undefined,
  email: undefined,
  codeExpiresAt: undefined,
  codeFormat: undefined,
  sessionExpiresAt: undefined,
  interrupted: false,
  error: undefined,
}

/**
 * When an accepted code stops working, in our clock's unix seconds: the key's
 * own expiry (read off the vendor's clock, counted on ours), and for email
 * recovery no later than the session's length.
 */
function recoveryEndsAt({
  type,
  startedAt,
  credential: { createdAt, keyLife },
  sessionExpirationSeconds,
}: {
  type: RecoveryType
  startedAt: number
  credential: { createdAt: number; keyLife: number }
  sessionExpirationSeconds: number
}) {
  const keyEnds = Number.isFinite(keyLife)
    ? startedAt + Math.max(0, createdAt + keyLife - startedAt)
    : Number.POSITIVE_INFINITY
  return type === 'email'
    ? Math.min(startedAt + sessionExpirationSeconds, keyEnds)
    : keyEnds
}

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
  const { providers } = parameters
  const start: RecoverySnapshot = {
    ...initial,
    types: codeSender.types,
    providers: providers?.providers ?? [],
  }
  const steps = createStepRunner<RecoverySnapshot>({
    first: start,
    flow: 'recovery',
    order:
      'sendEmail, submitCode, createPasskey (or signInWithProvider, createPasskey); reset() starts again',
  })
  const { update, requireStep, runStep, refusal } = steps
  const activities = createRecoveryActivities({
    vendor,
    parentOrganizationId,
    createPasskey,
    now,
  })
  let sent: SentCode | undefined
  let recovery: OpenRecovery | undefined
  /** Closes the provider's window of a sign-in a reset abandoned. */
  let signingIn: AbortController | undefined

  /** Forgets the recovery whose key no longer works; the user starts again. */
  async function endRecovery(reason: string, cause?: unknown): Promise<never> {
    const ended = recovery
    recovery?.code.destroy()
    recovery = undefined
    await stateStore.clear()
    update({ sessionExpiresAt: undefined })
    if (ended?.type === 'provider' && providers)
      throw providers.ended(
        steps.getSnapshot().provider,
        `${reason}: sign in with the provider again`,
        cause,
      )
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason,
      cause,
    })
  }

  async function loadStored() {
    const stored = await stateStore.load()
    if (stored && steps.getSnapshot().step === 'idle' && !recovery)
      update({
        type: stored.type,
        sessionExpiresAt: stored.createdAt + stored.sessionExpirationSeconds,
        interrupted: true,
      })
  }
  void loadStored()

  return {
    getSnapshot: steps.getSnapshot,
    subscribe: steps.subscribe,

    async sendEmail({ email, type }) {
      requireStep('sendEmail', 'idle', 'waiting-for-code')
      if (!codeSender.types.includes(type))
        throw refusal(
          'sendEmail',
          `recovery type "${type}" is not offered here (${codeSender.types.join(', ')}): with authProxy, the emailed code signs a session that adds the new passkey, so use type "email"`,
        )
      await runStep(
        steps.getSnapshot().step,
        'sending-email',
        async (throwIfReset) => {
          const address = checkedEmail(email)
          const sentAt = now()
          const code = await codeSender.send({ email: address, type })
          try {
            throwIfReset()
          } catch (superseded) {
            code.destroy()
            throw superseded
          }
          // Only now: if sending failed, the code already emailed still opens.
          sent?.code.destroy()
          sent = { code, sentAt }
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
        },
      )
    },

    async signInWithProvider(provider) {
      requireStep('signInWithProvider', 'idle')
      if (!providers?.providers.some(({ id }) => id === provider))
        throw refusal(
          'signInWithProvider',
          `no provider "${provider}" is offered here (${providers?.providers.map(({ id }) => id).join(', ') || 'none: passkeyWallet has no `oidc: socialLogin(…)` option'})`,
        )
      signingIn = new AbortController()
      // In the person's tap: the window opens before any await.
      const signedIn = providers.signIn(provider, signingIn.signal)
      await runStep('idle', 'signing-in', async (throwIfReset) => {
        const key = await signedIn
        let userName: string
        try {
          throwIfReset()
          userName = await activities.userNameOf(key)
          throwIfReset()
        } catch (error) {
          void key.revoke()
          throw error
        }
        recovery = {
          type: 'provider',
          code: { destroy: () => void key.revoke() },
          key,
          organizationId: key.organizationId,
          userId: key.userId,
          userName,
          expiresAt: key.expiresAt,
        }
        return {
          step: 'ready-to-create-passkey',
          type: 'provider',
          provider,
          interrupted: false,
        }
      })
    },

    async submitCode(code) {
      requireStep('submitCode', 'waiting-for-code')
      const { type, email } = steps.getSnapshot() as {
        type: RecoveryType
        email?: string
      }
      await runStep(
        'waiting-for-code',
        'verifying-code',
        async (throwIfReset) => {
          const request = sent
          // A reset since the code was asked for: it starts again from the email.
          if (!request) throw refusal('submitCode')
          // The frame (or the sender) opens the code and keeps its key; the page gets stamps.
          const key = await request.code.open(code)
          const { organizationId, userId, userName, createdAt, keyLife } =
            await activities.checkCredential(type, key, request, email ?? '')
          throwIfReset()
          // The frame now holds this code's key: a second code cannot use it.
          sent = undefined
          const startedAt = now()
          const sessionEnds = recoveryEndsAt({
            type,
            startedAt,
            credential: { createdAt, keyLife },
            sessionExpirationSeconds,
          })
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
        },
      )
    },

    async createPasskey() {
      requireStep('createPasskey', 'ready-to-create-passkey')
      await runStep(
        // An ended session sends the user back to the start.
        () => (recovery ? 'ready-to-create-passkey' : 'idle'),
        'creating-passkey',
        async (throwIfReset) => {
          const active = recovery!
          if (now() >= active.expiresAt)
            await endRecovery(
              active.type === 'provider'
                ? 'the one-time key of the sign-in expired'
                : 'the recovery session ended; request a new code',
            )
          try {
            await activities.addPasskey(active)
          } catch (error) {
            if (refusesTheKey(error)) {
              // The passkey made for this recovery will never belong to the account.
              if (active.passkey && !active.authenticatorAdded)
                await forgetPasskey(active.passkey.attestation.credentialId)
              await endRecovery(
                `the vendor refused the recovery key: ${error.vendorMessage}`,
                error,
              )
            }
            throw error
          }
          throwIfReset()
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
      steps.abandonRunning()
      signingIn?.abort()
      signingIn = undefined
      sent?.code.destroy()
      sent = undefined
      recovery?.code.destroy()
      recovery = undefined
      await stateStore.clear()
      update(start)
    },
  }
}
