import type { Transport } from '@wagmi/core'
import {
  type Address,
  type Chain,
  type EIP1193Parameters,
  UnauthorizedProviderError,
} from 'viem'
import type { ConnectorStorage } from '../core/createConnectorStorage.js'
import { createSupersession } from '../core/createSupersession.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { ChainNotConfiguredError } from '../core/errors/chain.js'
import { SessionEndedError } from '../core/errors/connection.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { createVendorClient } from '../turnkey/createVendorClient.js'
import { createPasskeyStamper } from '../turnkey/stampers.js'
import { ConnectionAbandonedError } from './ConnectionAbandonedError.js'
import { checkPasskeyWalletParameters } from './checkPasskeyWalletParameters.js'
import { createConnectGate } from './createConnectGate.js'
import { createPasskeyExportAccess } from './createPasskeyExportAccess.js'
import { createSessionKeys } from './createSessionKeys.js'
import { findEthereumAccount } from './findEthereumAccount.js'
import { getPasskeyAssertion } from './getPasskeyAssertion.js'
import { InvalidPasskeyWalletParameterError } from './InvalidPasskeyWalletParameterError.js'
import { loadEmailVerification } from './loadEmailVerification.js'
import { loadRequestCode } from './loadRequestCode.js'
import { logInWithPasskey } from './logInWithPasskey.js'
import type {
  PasskeyWalletConnectParameters,
  PasskeyWalletParameters,
} from './passkeyWallet.js'
import { signUpWithPasskey } from './signUpWithPasskey.js'

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
 * What connect() refuses before any prompt: a sign-up without a name, an
 * email without its owner's proof, a chain the config lacks. The user is
 * never asked for a connection that cannot be made.
 */
function refuseBeforePrompt({
  signUpWith,
  requestedChainId,
  chains,
  emailProof,
}: {
  signUpWith: PasskeyWalletConnectParameters['signUp']
  requestedChainId: number | undefined
  chains: readonly Chain[]
  emailProof(email: string): unknown
}) {
  const userName = signUpWith?.userName
  if (
    signUpWith !== undefined &&
    (typeof userName !== 'string' || userName.trim() === '')
  )
    throw new InvalidPasskeyWalletParameterError(
      'signUp.userName',
      'a non-empty name for the new passkey',
    )
  if (signUpWith?.email) emailProof(signUpWith.email)
  if (
    requestedChainId !== undefined &&
    !chains.some((chain) => chain.id === requestedChainId)
  )
    throw new ChainNotConfiguredError({ chainId: requestedChainId })
}

/**
 * The passkey's stamper for the page's rp id; after a sign-up, its prompts ask
 * for the passkey just made (`credentialId`): no choice among the site's others.
 */
const passkeyStamperFor =
  (rpId: () => string) => (credentialId?: string, signal?: AbortSignal) =>
    createPasskeyStamper({
      rpId: rpId(),
      getAssertion: getPasskeyAssertion,
      credentialId,
      signal,
    })

/** What a connection keeps in wagmi's storage (SPEC §3): public data only. */
async function readStoredConnection(
  storage: PasskeyRuntimeParameters['storage'],
) {
  const [address, organizationId, chainId] = await Promise.all([
    storage.get('activeAccount'),
    storage.get('subOrganizationId'),
    storage.get('chainId'),
  ])
  return {
    chainId,
    session:
      address && organizationId ? { organizationId, address } : undefined,
  }
}

/**
 * Stores a connection, last and each write only while still wanted (a
 * disconnect's clear is issued after it): a connect that failed or was
 * abandoned leaves nothing that would reconnect on reload.
 */
async function storeConnection(
  storage: PasskeyRuntimeParameters['storage'],
  { address, organizationId, chainId }: Session & { chainId: number },
  stillWanted: () => void,
) {
  const entries = [
    ['activeAccount', address],
    ['subOrganizationId', organizationId],
    ['chainId', chainId],
  ] as const
  for (const [key, value] of entries) {
    stillWanted()
    await storage.set(key, value as never)
  }
  stillWanted()
}

/** passkeyWallet's runtime (docs/layout.md): ceremonies, the vendor, sessions and signing. */
export function createPasskeyRuntime({
  parameters,
  chains,
  transports,
  storage,
  sessionStoreKey,
  onChainChanged,
  emit,
}: PasskeyRuntimeParameters) {
  const checked = checkPasskeyWalletParameters(parameters)
  const { authProxy, backendTimeoutMs } = checked
  const rpId = () => parameters.rpId ?? location.hostname
  const passkeyStamper = passkeyStamperFor(rpId)
  const client = createVendorClient({
    baseUrl: checked.apiBaseUrl,
    timeoutMs: checked.vendorTimeoutMs,
  })
  const sessionKeys = createSessionKeys({
    client,
    passkeyStamper,
    sessionStoreKey,
    ...checked,
  })
  const { vendor, stamper } = sessionKeys
  let session: Session | undefined
  // Connects on chain 1 (SPEC §9) when the host has it, else on its first chain.
  let chainId: number = (
    chains.find((c) => c.id === defaultChainIdBeforeConnecting) ?? chains[0]
  ).id
  const gate = createConnectGate<Session>()
  const emailVerification = loadEmailVerification({
    parameters,
    backendTimeoutMs,
    authProxy,
  })
  // Superseded by every disconnect: a ceremony that finishes afterwards connects nothing.
  const connections = createSupersession()

  /** The connection from stored public data and the IndexedDB session key: no request, no prompt. */
  async function restore(): Promise<Session | undefined> {
    const signal = connections.current()
    const stored = await readStoredConnection(storage)
    if (stored.chainId) chainId = stored.chainId
    if (!stored.session) return undefined
    const key = await sessionKeys.readStored(stored.session.organizationId)
    return sessionKeys.resume(key, signal) ? stored.session : undefined
  }

  /** The user's Ethereum account (`address`'s, when given), asked with `credentialId`'s passkey when no session key signs. */
  const firstAccount = (
    organizationId: string,
    credentialId?: string,
    address?: Address,
  ) =>
    findEthereumAccount(vendor, stamper(credentialId), organizationId, address)

  const signUp = (
    signUpWith: NonNullable<PasskeyWalletConnectParameters['signUp']>,
    signal: AbortSignal,
  ) =>
    signUpWithPasskey(signUpWith, signal, {
      parameters,
      rpId: rpId(),
      backendTimeoutMs,
      authProxy,
      emailProof: emailVerification.proofFor,
      spendEmailProof: emailVerification.clear,
      startSession: sessionKeys.start,
      findAccount: firstAccount,
      logIn,
    })

  const logIn = (signal: AbortSignal, credentialId?: string) =>
    logInWithPasskey(signal, credentialId, {
      parentOrganizationId: parameters.organizationId,
      sessionKeys,
      vendor,
      passkeyStamper,
      findAccount: (organizationId) =>
        firstAccount(organizationId, credentialId),
    })

  async function switchChain(id: number) {
    const chain = chains.find((c) => c.id === id)
    if (!chain) throw new ChainNotConfiguredError({ chainId: id })
    chainId = id
    await storage.set('chainId', id)
    onChainChanged(id)
    emit('chainChanged', `0x${id.toString(16)}`)
    return chain
  }

  const provider = loadRequestCode(() =>
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

  // Connecting again while the passkey prompt is open joins it (the same click twice).
  const ceremony = async (
    signUpWith: PasskeyWalletConnectParameters['signUp'],
  ) =>
    gate.enter(signUpWith ? 'sign-up' : 'log-in', () =>
      signUpWith
        ? signUp(signUpWith, connections.current())
        : logIn(connections.current()),
    )

  return {
    async request(args: EIP1193Parameters) {
      const asked = { signal: connections.current(), address: session?.address }
      const loaded = await provider.load()
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
      sendCode: emailVerification.sendCode,
      confirmCode: emailVerification.confirmCode,
    },
    chainId: () => chainId,
    accounts: () => (session ? [session.address] : []),
    async connect({
      chainId: requestedChainId,
      isReconnecting,
      signUp: signUpWith,
    }: PasskeyWalletConnectParameters) {
      refuseBeforePrompt({
        signUpWith,
        requestedChainId,
        chains,
        emailProof: emailVerification.proofFor,
      })
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
      await storeConnection(storage, { ...next, chainId }, stillWanted)
      provider.fetchBeforePrompts(sessionKeys.live?.expiresAt)
      emit('connect', { chainId: `0x${chainId.toString(16)}` })
      emit('accountsChanged', [next.address])
      return { address: next.address, chainId }
    },
    /** What exporting needs: the raw client (no session fallback) and the passkey. */
    exportAccess: () =>
      createPasskeyExportAccess({
        frameUrl: checked.exportFrameUrl,
        frameTimeoutMs: checked.frameTimeoutMs,
        client,
        passkeyStamper,
        connected: () => session,
        findWalletId: async (organizationId, address) =>
          (await firstAccount(organizationId, undefined, address)).walletId,
      }),
    /**
     * Forgets the connection in memory at once (the shell clears what is
     * stored), then revokes the session key at the vendor: the promise ends
     * when the vendor deleted it, or after a deadline when it did not answer.
     */
    forget(): Promise<void> {
      provider.cancel()
      connections.supersede()
      // The next connect prompts anew: it must not join the ceremony the user left.
      gate.release()
      emailVerification.clear()
      session = undefined
      provider.value?.dropWaitingRequests()
      return sessionKeys.revoke()
    },
  }
}
