import type { Transport } from '@wagmi/core'
import {
  type Address,
  type Chain,
  type EIP1193Parameters,
  getAddress,
  UnauthorizedProviderError,
} from 'viem'
import type { ConnectorStorage } from '../core/createConnectorStorage.js'
import { createSupersession } from '../core/createSupersession.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { ChainNotConfiguredError } from '../core/errors/chain.js'
import {
  RequestRefusedError,
  SessionEndedError,
} from '../core/errors/connection.js'
import { HostBackendError } from '../core/errors/hostBackend.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { isUuid } from '../core/isUuid.js'
import { loadOnce } from '../core/loadOnce.js'
import { readHostBackendAnswer } from '../core/readHostBackendAnswer.js'
import type { ExportAccess } from '../export/createExportFlow.js'
import { createClientSignature } from '../turnkey/createClientSignature.js'
import { createPasskeyStamper } from '../turnkey/createPasskeyStamper.js'
import { createSessionStamper } from '../turnkey/createSessionStamper.js'
import { createVendorClient } from '../turnkey/createVendorClient.js'
import { generateStampingKey } from '../turnkey/generateStampingKey.js'
import { readSessionClaims } from '../turnkey/readSessionClaims.js'
import type { Stamper } from '../turnkey/Stamper.js'
import {
  type CreateAccountRequest,
  signUpRootUser,
  signUpUsage,
} from '../turnkey/signUpAccount.js'
import { ConnectionAbandonedError } from './ConnectionAbandonedError.js'
import { checkPasskeyWalletParameters } from './checkPasskeyWalletParameters.js'
import { createPasskey } from './createPasskey.js'
import { EmailNotVerifiedError } from './emailVerificationErrors.js'
import { forgetPasskey } from './forgetPasskey.js'
import { getPasskeyAssertion } from './getPasskeyAssertion.js'
import { InvalidPasskeyWalletParameterError } from './InvalidPasskeyWalletParameterError.js'
import type {
  PasskeyWalletConnectParameters,
  PasskeyWalletParameters,
} from './passkeyWallet.js'
import { revokeSessionKey } from './revokeSessionKey.js'
import { isLive, type SessionKey } from './sessionKey.js'
import { sessionKeyStore } from './sessionKeyStore.js'
import { withSessionFallback } from './withSessionFallback.js'

export type PasskeyRuntimeParameters = {
  /** As the host gave them: checked here, each bad one a typed error. */
  parameters: PasskeyWalletParameters
  chains: readonly [Chain, ...Chain[]]
  transports: Record<number, Transport> | undefined
  storage: ConnectorStorage<'subOrganizationId'>
  /** Where the session key lives in IndexedDB; `undefined` keeps it in memory only. */
  sessionStoreKey: string | undefined
  /** Tells wagmi that the chain changed. */
  onChainChanged(chainId: number): void
  /** Events for the EIP-1193 provider's listeners. */
  emit(event: string, ...args: unknown[]): void
}

type Session = {
  organizationId: string
  address: Address
  /** Known after a log-in; looked up when the session was restored. */
  walletId?: string | undefined
}

/**
 * Everything the passkey wallet does once used: ceremonies, the vendor,
 * sessions and signing. Loaded on first use so that configuring the
 * connector costs the host's first load almost nothing.
 */
export function createPasskeyRuntime({
  parameters,
  chains,
  transports,
  storage,
  sessionStoreKey,
  onChainChanged,
  emit,
}: PasskeyRuntimeParameters) {
  const {
    apiBaseUrl,
    authProxy,
    sessionSeconds,
    endOthersOnLogIn,
    exportFrameUrl,
    vendorTimeoutMs,
    backendTimeoutMs,
    frameTimeoutMs,
  } = checkPasskeyWalletParameters(parameters)
  const rpId = () => parameters.rpId ?? location.hostname
  // After a sign-up its prompts ask for the passkey just made: no choice among the site's others.
  const passkeyStamper = (credentialId?: string, signal?: AbortSignal) =>
    createPasskeyStamper({
      rpId: rpId(),
      getAssertion: getPasskeyAssertion,
      credentialId,
      signal,
    })
  let sessionKey: SessionKey | undefined
  // Ready before the user taps: fewer awaits between the tap and the passkey prompt.
  let nextKeyPair =
    sessionSeconds === undefined ? undefined : generateStampingKey()
  /** The key each session stamper signs with, to tell an expiry from an ended session. */
  const keyOf = new WeakMap<Stamper, SessionKey>()
  // A live session key signs silently; otherwise the passkey prompts.
  const stamper = (credentialId?: string) => {
    if (!sessionKey || !isLive(sessionKey)) return passkeyStamper(credentialId)
    const silent = createSessionStamper(sessionKey)
    keyOf.set(silent, sessionKey)
    return silent
  }
  async function dropSessionKey() {
    sessionKey = undefined
    if (sessionStoreKey) await sessionKeyStore.delete(sessionStoreKey)
  }
  const client = createVendorClient({
    baseUrl: apiBaseUrl,
    timeoutMs: vendorTimeoutMs,
  })
  const vendor = withSessionFallback(client, {
    onExpired: dropSessionKey,
    fallback: passkeyStamper,
    // Its key was revoked by a disconnect (or replaced) while it was on its
    // way: it ends with the session, and never turns into a passkey prompt.
    endedError: (used) => {
      const key = keyOf.get(used)
      return key && key !== sessionKey
        ? new UnauthorizedProviderError(new SessionEndedError())
        : undefined
    },
  })
  let session: Session | undefined
  // Connects on chain 1 (SPEC §9) when the host has it, else on its first chain.
  let chainId: number = (
    chains.find((c) => c.id === defaultChainIdBeforeConnecting) ?? chains[0]
  ).id
  let connecting: { signUp: boolean; promise: Promise<Session> } | undefined
  // The sign-up email's code and proof: code a log-in never needs, loaded when a code is asked for.
  const emailVerification = loadOnce(() =>
    import('./createEmailVerification.js').then(({ createEmailVerification }) =>
      createEmailVerification({
        parameters,
        backendTimeoutMs,
        authProxyClient:
          authProxy &&
          (() =>
            import('../turnkey/createAuthProxyClient.js').then(
              ({ createAuthProxyClient }) => createAuthProxyClient(authProxy),
            )),
      }),
    ),
  )
  /** The proof a sign-up with `email` carries; refused before any prompt without one. */
  function emailProof(email: string) {
    const verification = emailVerification.value
    if (!verification)
      throw new EmailNotVerifiedError({ email: email.trim().toLowerCase() })
    return verification.proofFor(email)
  }
  // Superseded by every disconnect: a ceremony that finishes afterwards connects nothing.
  const connections = createSupersession()

  async function readStoredSessionKey(organizationId: string) {
    if (!sessionStoreKey) return undefined
    if (sessionSeconds === undefined) {
      // The host turned sessions off: a key left from before must not sign silently.
      await dropSessionKey()
      return undefined
    }
    const stored = await sessionKeyStore.get(sessionStoreKey)
    return stored?.organizationId === organizationId && isLive(stored)
      ? stored
      : undefined
  }

  /** The connection from stored public data and the IndexedDB session key: no request, no prompt. */
  async function restore(): Promise<Session | undefined> {
    const signal = connections.current()
    const [address, organizationId, storedChainId] = await Promise.all([
      storage.get('activeAccount'),
      storage.get('subOrganizationId'),
      storage.get('chainId'),
    ])
    if (storedChainId) chainId = storedChainId
    if (!address || !organizationId) return undefined
    const stored = await readStoredSessionKey(organizationId)
    if (signal.aborted) {
      // Read for a reconnect that a disconnect ended meanwhile: it must not outlive it.
      if (stored) void revokeSessionKey(client, stored)
      return undefined
    }
    sessionKey = stored
    return { organizationId, address }
  }

  async function firstAccount(
    organizationId: string,
    {
      address,
      credentialId,
    }: { address?: Address; credentialId?: string } = {},
  ) {
    const { accounts } = await vendor.query<{
      accounts: { address: string; addressFormat: string; walletId: string }[]
    }>('list_wallet_accounts', { organizationId }, stamper(credentialId))
    const ethereum = accounts.find(
      (a) =>
        a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' &&
        (!address || getAddress(a.address) === address),
    )
    if (!ethereum)
      throw new SessionNotFoundError({
        cause: new Error('The account has no Ethereum wallet.'),
      })
    return {
      address: getAddress(ethereum.address),
      walletId: ethereum.walletId,
    }
  }

  /** Registers a fresh session key with the passkey (one prompt); returns the user's organization. */
  async function startSession(
    organizationId: string,
    seconds: number,
    signal: AbortSignal,
    credentialId?: string,
  ) {
    const pair = await (nextKeyPair ?? generateStampingKey())
    nextKeyPair = generateStampingKey()
    const { session: jwt } = await vendor.submit<{ session: string }>(
      'stamp_login',
      {
        type: 'ACTIVITY_TYPE_STAMP_LOGIN',
        organizationId,
        parameters: {
          publicKey: pair.publicKey,
          expirationSeconds: String(seconds),
          // The newest log-in is the user's: earlier session keys lose their authority now.
          ...(endOthersOnLogIn && { invalidateExisting: true }),
        },
        resultKey: 'stampLoginResult',
      },
      passkeyStamper(credentialId, signal),
    )
    const claims = readSessionClaims(jwt)
    const made: SessionKey = {
      ...pair,
      organizationId: claims.organizationId,
      userId: claims.userId,
      expiresAt: Math.min(claims.exp, Math.floor(Date.now() / 1000) + seconds),
    }
    if (signal.aborted) {
      // Made for a connection the user left meanwhile: revoked now, not left to expire.
      void revokeSessionKey(client, made)
      throw new ConnectionAbandonedError()
    }
    sessionKey = made
    // Without IndexedDB the session lasts for this page only.
    if (sessionStoreKey)
      await sessionKeyStore
        .set(sessionStoreKey, sessionKey)
        .catch(() => undefined)
    return claims.organizationId
  }

  /**
   * The host backend's sign-up answer, checked: a sub-organization id, or a
   * HostBackendError. `onAnswer` is called once the backend answered at all.
   */
  async function createAccount(
    request: CreateAccountRequest,
    onAnswer: () => void,
  ): Promise<{
    organizationId: string
    account?: { address: Address; walletId: string } | undefined
  }> {
    const hostCreateAccount = parameters.createAccount
    // Without a backend call of the host's, the connector was checked to have
    // the proxy; its code loads only then (after the passkey prompt: no gesture to keep).
    if (!hostCreateAccount) {
      const [{ signUpWithAuthProxy }, { createAuthProxyClient }] =
        await Promise.all([
          import('./signUpWithAuthProxy.js'),
          import('../turnkey/createAuthProxyClient.js'),
        ])
      return signUpWithAuthProxy(
        createAuthProxyClient(authProxy!),
        request,
        onAnswer,
      )
    }
    const { subOrganizationId } = await readHostBackendAnswer(
      'createAccount',
      async (signal) => {
        const answer = await hostCreateAccount(request, { signal })
        onAnswer()
        return answer
      },
      backendTimeoutMs,
    )
    if (!isUuid(subOrganizationId))
      throw new HostBackendError({
        callback: 'createAccount',
        reason: `its answer has no subOrganizationId UUID (got ${subOrganizationId === undefined ? 'none' : typeof subOrganizationId})`,
      })
    return { organizationId: subOrganizationId }
  }

  async function signUp(
    {
      userName: givenName,
      email: givenEmail,
    }: NonNullable<PasskeyWalletConnectParameters['signUp']>,
    signal: AbortSignal,
  ) {
    const userName = givenName.trim()
    const proof = givenEmail ? emailProof(givenEmail) : undefined
    const passkey = await createPasskey({
      rpId: rpId(),
      rpName: parameters.rpName ?? rpId(),
      userName,
      signal,
    })
    const request: CreateAccountRequest = { userName, ...passkey }
    if (proof) {
      request.email = proof.email
      request.verificationToken = proof.verificationToken
      request.clientSignature = await createClientSignature({
        key: proof.key,
        tokenId: proof.tokenId,
        usage: signUpUsage({
          ...signUpRootUser(request),
          userEmail: proof.email,
        }),
      })
    }
    let answered = false
    const { organizationId: subOrganizationId, account } = await createAccount(
      request,
      () => {
        answered = true
      },
    ).catch(async (error: unknown) => {
      // The backend answered without an account: the passkey points at none, and the browser
      // may drop it from the user's list. Without an answer (the request failed, or the page
      // is going away) the account may still be made: the passkey is its only way in.
      if (answered)
        await forgetPasskey(rpId(), passkey.attestation.credentialId)
      throw error
    })
    // The proof is spent: a second sign-up needs a new code.
    if (proof) emailVerification.value?.clear()
    if (signal.aborted) throw new ConnectionAbandonedError()
    const { credentialId } = passkey.attestation
    if (sessionSeconds !== undefined)
      await startSession(
        subOrganizationId,
        sessionSeconds,
        signal,
        credentialId,
      )
    // The Auth Proxy answers the wallet it made; a host backend answers the organization only.
    return {
      organizationId: subOrganizationId,
      ...(account ?? (await firstAccount(subOrganizationId, { credentialId }))),
    }
  }

  async function logIn(signal: AbortSignal) {
    // With sessions, one prompt both finds the user's organization and opens the session.
    const organizationId =
      sessionSeconds !== undefined
        ? await startSession(parameters.organizationId, sessionSeconds, signal)
        : (
            await vendor.query<{ organizationId: string }>(
              'whoami',
              { organizationId: parameters.organizationId },
              passkeyStamper(undefined, signal),
            )
          ).organizationId
    return { organizationId, ...(await firstAccount(organizationId)) }
  }

  async function switchChain(id: number) {
    const chain = chains.find((c) => c.id === id)
    if (!chain) throw new ChainNotConfiguredError({ chainId: id })
    chainId = id
    await storage.set('chainId', id)
    onChainChanged(id)
    emit('chainChanged', `0x${id.toString(16)}`)
    return chain
  }

  // Answering requests (the provider, the vendor account) is code a sign-up
  // or log-in does not need: it loads with the first request.
  // A failed download (offline, a new deploy) is tried again next time.
  const provider = loadOnce(() =>
    import('./createSessionProvider.js').then(({ createSessionProvider }) =>
      createSessionProvider({
        session: () => session,
        vendor,
        stamper,
        chains,
        transports,
        chainId: () => chainId,
        switchChain: async (id) => {
          await switchChain(id)
        },
      }),
    ),
  )
  const loadProvider = provider.load

  let requestCodeTimer: ReturnType<typeof setTimeout> | undefined
  /**
   * Fetches the request code by the time a signature needs the passkey: now,
   * or when the session key expires. Its prompt must then follow the user's
   * tap with no download in between (iOS drops the tap).
   */
  function fetchRequestCodeBeforePrompts() {
    clearTimeout(requestCodeTimer)
    if (provider.value) return
    const fetchCode = () => void loadProvider().catch(() => undefined)
    if (!sessionKey || !isLive(sessionKey)) return fetchCode()
    requestCodeTimer = setTimeout(
      fetchCode,
      sessionKey.expiresAt * 1000 - Date.now(),
    )
    // Outside a browser (Node) the timer must not keep the process alive.
    if (typeof requestCodeTimer === 'object') requestCodeTimer.unref?.()
  }

  async function ceremony(
    signUpWith: PasskeyWalletConnectParameters['signUp'],
  ) {
    const wantsSignUp = signUpWith !== undefined
    if (connecting && connecting.signUp !== wantsSignUp)
      throw new RequestRefusedError({
        details: `a ${connecting.signUp ? 'sign-up' : 'log-in'} is already waiting for the passkey`,
      })
    // The same click twice joins the first ceremony.
    if (!connecting) {
      const signal = connections.current()
      const promise = (
        signUpWith ? signUp(signUpWith, signal) : logIn(signal)
      ).finally(() => {
        // A disconnect let go of it already, and a newer ceremony may be waiting.
        if (connecting?.promise === promise) connecting = undefined
      })
      connecting = { signUp: wantsSignUp, promise }
    }
    return connecting.promise
  }

  return {
    async request(args: EIP1193Parameters) {
      const asked = { signal: connections.current(), address: session?.address }
      const loaded = await loadProvider()
      // A disconnect (or a restore of another account) while the code loaded ends the request, as
      // it ends those waiting their turn: a transaction without `from` would otherwise go out for
      // whoever connected since.
      if (
        asked.signal.aborted ||
        (asked.address && session?.address !== asked.address)
      )
        throw new UnauthorizedProviderError(new SessionEndedError())
      return loaded.request(args)
    },
    switchChain,
    emailVerification: {
      sendCode: async (email: string) =>
        (await emailVerification.load()).sendCode(email),
      confirmCode: async (code: string) =>
        (await emailVerification.load()).confirmCode(code),
    },
    chainId: () => chainId,
    accounts: () => (session ? [session.address] : []),
    async connect({
      chainId: requestedChainId,
      isReconnecting,
      signUp: signUpWith,
    }: PasskeyWalletConnectParameters) {
      const userName = signUpWith?.userName
      if (
        signUpWith !== undefined &&
        (typeof userName !== 'string' || userName.trim() === '')
      )
        throw new InvalidPasskeyWalletParameterError(
          'signUp.userName',
          'a non-empty name for the new passkey',
        )
      // Refused before any prompt: an email is kept only with its owner's proof.
      if (signUpWith?.email) emailProof(signUpWith.email)
      // Refused before any prompt: the user is not asked for a connection that cannot be made.
      if (
        requestedChainId !== undefined &&
        !chains.some((chain) => chain.id === requestedChainId)
      )
        throw new ChainNotConfiguredError({ chainId: requestedChainId })
      const signal = connections.current()
      // A disconnect may come during any await: nothing is kept or stored after it.
      const stillWanted = () => {
        if (signal.aborted) throw new ConnectionAbandonedError()
      }
      const next = await (isReconnecting ? restore() : ceremony(signUpWith))
        // A prompt the disconnect closed fails as what it is: a connection left.
        .catch((error: unknown) => {
          stillWanted()
          throw error
        })
      stillWanted()
      if (!next) throw new SessionNotFoundError()
      if (requestedChainId !== undefined) chainId = requestedChainId
      session = next
      // Stored last, each write only while still wanted (a disconnect's clear is issued after
      // it): a connect that failed or was abandoned leaves nothing that would reconnect on reload.
      const stored = [
        ['activeAccount', next.address],
        ['subOrganizationId', next.organizationId],
        ['chainId', chainId],
      ] as const
      for (const [key, value] of stored) {
        stillWanted()
        await storage.set(key, value as never)
      }
      stillWanted()
      fetchRequestCodeBeforePrompts()
      emit('connect', { chainId: `0x${chainId.toString(16)}` })
      emit('accountsChanged', [next.address])
      return { address: next.address, chainId }
    },
    /** What exporting needs: the raw client (no session fallback) and the passkey. */
    exportAccess(): ExportAccess & {
      frameUrl: string
      frameTimeoutMs: number
    } {
      return {
        frameUrl: exportFrameUrl,
        frameTimeoutMs,
        vendor: client,
        passkeyStamper,
        async account() {
          const current = session
          if (!current) throw new SessionNotFoundError()
          const { address } = current
          current.walletId ??= (
            await firstAccount(current.organizationId, { address })
          ).walletId
          return {
            organizationId: current.organizationId,
            address,
            walletId: current.walletId,
          }
        },
      }
    },
    /**
     * Forgets the connection in memory at once (the shell clears what is
     * stored), then revokes the session key at the vendor: the promise ends
     * when the vendor deleted it, or after a deadline when it did not answer.
     */
    forget(): Promise<void> {
      const leavingKey = sessionKey
      clearTimeout(requestCodeTimer)
      connections.supersede()
      // The next connect prompts anew: it must not join the ceremony the user left.
      connecting = undefined
      emailVerification.value?.clear()
      session = undefined
      sessionKey = undefined
      provider.value?.dropWaitingRequests()
      return leavingKey
        ? revokeSessionKey(client, leavingKey).then(() => undefined)
        : Promise.resolve()
    },
  }
}
