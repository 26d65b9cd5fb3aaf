import type { Transport } from '@wagmi/core'
import type { Chain } from 'viem'
import {
  type Address,
  getAddress,
  type LocalAccount,
  SwitchChainError,
} from 'viem'
import type { ConnectorStorage } from '../core/createConnectorStorage.js'
import { ChainNotConfiguredError } from '../core/errors/chain.js'
import { SessionNotFoundError } from '../core/errors/connection.js'
import { createPasskey } from './createPasskey.js'
import { createPasskeyProvider } from './createPasskeyProvider.js'
import { createPasskeyStamper } from './createPasskeyStamper.js'
import { createVendorClient } from './createVendorClient.js'
import type {
  PasskeyWalletConnectParameters,
  PasskeyWalletParameters,
} from './passkeyWallet.js'
import { readSessionClaims } from './readSessionClaims.js'
import {
  createSessionStamper,
  generateSessionKeyPair,
  isLive,
  type SessionKey,
} from './sessionKey.js'
import { sessionKeyStore } from './sessionKeyStore.js'
import { toVendorAccount } from './toVendorAccount.js'
import { withSessionFallback } from './withSessionFallback.js'

export type PasskeyRuntimeParameters = {
  parameters: PasskeyWalletParameters
  apiBaseUrl: string
  sessionSeconds: number | undefined
  chains: readonly [Chain, ...Chain[]]
  transports: Record<number, Transport> | undefined
  storage: ConnectorStorage
  /** Where the session key lives in IndexedDB. */
  sessionStoreKey: string
  /** Tells wagmi that the chain changed. */
  onChainChanged(chainId: number): void
  /** Events for the EIP-1193 provider's listeners. */
  emit(event: string, ...args: unknown[]): void
}

export type PasskeyRuntime = Awaited<ReturnType<typeof createPasskeyRuntime>>

type Session = { organizationId: string; account: LocalAccount }

/**
 * Everything the passkey wallet does once used: ceremonies, the vendor,
 * sessions and signing. Loaded on first use so that configuring the
 * connector costs the host's first load almost nothing.
 */
export function createPasskeyRuntime({
  parameters,
  apiBaseUrl,
  sessionSeconds,
  chains,
  transports,
  storage,
  sessionStoreKey,
  onChainChanged,
  emit,
}: PasskeyRuntimeParameters) {
  const rpId = () => parameters.rpId ?? location.hostname
  const passkeyStamper = () => createPasskeyStamper({ rpId: rpId() })
  let sessionKey: SessionKey | undefined
  // A live session key signs silently; otherwise the passkey prompts.
  const stamper = () =>
    sessionKey && isLive(sessionKey)
      ? createSessionStamper(sessionKey)
      : passkeyStamper()
  async function dropSessionKey() {
    sessionKey = undefined
    await sessionKeyStore.delete(sessionStoreKey)
  }
  const vendor = withSessionFallback(
    createVendorClient({ baseUrl: apiBaseUrl }),
    {
      onExpired: dropSessionKey,
      fallback: passkeyStamper,
    },
  )
  let session: Session | undefined
  let chainId: number = chains[0].id
  let connecting: Promise<Session> | undefined

  function open(organizationId: string, address: Address): Session {
    return {
      organizationId,
      account: toVendorAccount({ address, organizationId, vendor, stamper }),
    }
  }

  /** The connection from stored public data and the IndexedDB session key: no request, no prompt. */
  async function restore(): Promise<Session | undefined> {
    const [address, organizationId, storedChainId] = await Promise.all([
      storage.get('activeAccount'),
      storage.get('sessionTopic'),
      storage.get('chainId'),
    ])
    if (storedChainId) chainId = storedChainId
    if (!address || !organizationId) return undefined
    const storedKey = await sessionKeyStore.get(sessionStoreKey)
    sessionKey =
      storedKey?.organizationId === organizationId && isLive(storedKey)
        ? storedKey
        : undefined
    return open(organizationId, address)
  }

  async function firstAccount(organizationId: string): Promise<Address> {
    const { accounts } = await vendor.query<{
      accounts: { address: string; addressFormat: string }[]
    }>('list_wallet_accounts', { organizationId }, stamper())
    const ethereum = accounts.find(
      (a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM',
    )
    if (!ethereum)
      throw new SessionNotFoundError({
        cause: new Error('The account has no Ethereum wallet.'),
      })
    return getAddress(ethereum.address)
  }

  /** Registers a fresh session key with the passkey (one prompt); returns the user's organization. */
  async function startSession(organizationId: string, seconds: number) {
    const pair = await generateSessionKeyPair()
    const { session: jwt } = await vendor.submit<{ session: string }>(
      'stamp_login',
      {
        type: 'ACTIVITY_TYPE_STAMP_LOGIN',
        organizationId,
        parameters: {
          publicKey: pair.publicKey,
          expirationSeconds: String(seconds),
        },
        resultKey: 'stampLoginResult',
      },
      passkeyStamper(),
    )
    const claims = readSessionClaims(jwt)
    sessionKey = {
      ...pair,
      organizationId: claims.organizationId,
      expiresAt: Math.min(claims.exp, Math.floor(Date.now() / 1000) + seconds),
    }
    await sessionKeyStore.set(sessionStoreKey, sessionKey)
    return claims.organizationId
  }

  async function signUp({
    userName,
    email,
  }: NonNullable<PasskeyWalletConnectParameters['signUp']>) {
    const passkey = await createPasskey({
      rpId: rpId(),
      rpName: parameters.rpName ?? rpId(),
      userName,
    })
    const { subOrganizationId } = await parameters.createAccount({
      userName,
      email,
      ...passkey,
    })
    if (sessionSeconds !== undefined)
      await startSession(subOrganizationId, sessionSeconds)
    return open(subOrganizationId, await firstAccount(subOrganizationId))
  }

  async function logIn() {
    // With sessions, one prompt both finds the user's organization and opens the session.
    const organizationId =
      sessionSeconds !== undefined
        ? await startSession(parameters.organizationId, sessionSeconds)
        : (
            await vendor.query<{ organizationId: string }>(
              'whoami',
              { organizationId: parameters.organizationId },
              passkeyStamper(),
            )
          ).organizationId
    return open(organizationId, await firstAccount(organizationId))
  }

  async function switchChain(id: number) {
    const chain = chains.find((c) => c.id === id)
    if (!chain)
      throw new SwitchChainError(new ChainNotConfiguredError({ chainId: id }))
    chainId = id
    await storage.set('chainId', id)
    onChainChanged(id)
    emit('chainChanged', `0x${id.toString(16)}`)
    return chain
  }

  const provider = createPasskeyProvider({
    chains,
    transports,
    account: () => session?.account,
    chainId: () => chainId,
    switchChain: async (id) => {
      await switchChain(id)
    },
  })

  return {
    request: provider.request,
    switchChain,
    chainId: () => chainId,
    accounts: () => (session ? [session.account.address] : []),
    async connect({
      chainId: requestedChainId,
      isReconnecting,
      signUp: signUpWith,
    }: PasskeyWalletConnectParameters) {
      if (isReconnecting) {
        session = await restore()
        if (!session) throw new SessionNotFoundError()
      } else {
        // One ceremony at a time: a second click joins the first.
        connecting ??= (signUpWith ? signUp(signUpWith) : logIn()).finally(
          () => {
            connecting = undefined
          },
        )
        session = await connecting
        await storage.set('activeAccount', session.account.address)
        await storage.set('sessionTopic', session.organizationId)
      }
      if (requestedChainId !== undefined && requestedChainId !== chainId)
        await switchChain(requestedChainId)
      else await storage.set('chainId', chainId)
      emit('connect', { chainId: `0x${chainId.toString(16)}` })
      emit('accountsChanged', [session.account.address])
      return { address: session.account.address, chainId }
    },
    async forget() {
      session = undefined
      await Promise.all([storage.clear(), dropSessionKey()])
    },
  }
}
