import { createConnector } from '@wagmi/core'
import {
  type Address,
  getAddress,
  type LocalAccount,
  SwitchChainError,
} from 'viem'
import { createConnectorStorage } from '../core/createConnectorStorage.js'
import { ChainNotConfiguredError } from '../core/errors/chain.js'
import { SessionNotFoundError } from '../core/errors/connection.js'
import { createPasskey, type VendorAttestation } from './createPasskey.js'
import {
  createPasskeyProvider,
  type PasskeyProvider,
} from './createPasskeyProvider.js'
import { createPasskeyStamper } from './createPasskeyStamper.js'
import { createVendorClient } from './createVendorClient.js'
import { InvalidPasskeyWalletParameterError } from './errors.js'
import { isValidRpId } from './isValidRpId.js'
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

export type CreateAccountRequest = {
  userName: string
  email?: string | undefined
  /** base64url challenge the passkey was created with. */
  challenge: string
  attestation: VendorAttestation
}

export type PasskeyWalletParameters = {
  /** The host's parent organization at the vendor. */
  organizationId: string
  /** The vendor's API; its production URL by default. */
  apiBaseUrl?: string | undefined
  /** Relying-party id of the passkeys: the page's hostname by default. */
  rpId?: string | undefined
  /** Shown by the passkey prompt; the rp id by default. */
  rpName?: string | undefined
  /**
   * The host backend's sign-up call: creates the user's sub-organization
   * (with the parent API key, which stays on the server) holding this passkey
   * and an Ethereum wallet.
   */
  createAccount(
    request: CreateAccountRequest,
  ): Promise<{ subOrganizationId: string }>
  /**
   * After log-in or sign-up, a session key signs without prompting until it
   * expires (default 900 s); then the passkey is asked again. `false`: every
   * signature needs the passkey.
   */
  session?: { expirationSeconds?: number | undefined } | false | undefined
}

export type PasskeyWalletConnectParameters = {
  chainId?: number | undefined
  isReconnecting?: boolean | undefined
  withCapabilities?: boolean | undefined
  /** Create a new passkey and account instead of logging in with an existing passkey. */
  signUp?: { userName: string; email?: string | undefined } | undefined
}

const defaultApiBaseUrl = 'https://api.turnkey.com'
const defaultSessionSeconds = 900
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function validate(parameters: PasskeyWalletParameters) {
  const invalid = (name: string, expected: string) =>
    new InvalidPasskeyWalletParameterError(name, expected)
  if (
    typeof parameters?.organizationId !== 'string' ||
    !uuid.test(parameters.organizationId)
  )
    throw invalid('organizationId', 'the vendor organization id, a UUID')
  const apiBaseUrl = parameters.apiBaseUrl ?? defaultApiBaseUrl
  if (!/^https?:\/\/[^/]+/.test(apiBaseUrl))
    throw invalid('apiBaseUrl', 'an http(s) URL')
  if (parameters.rpId !== undefined && !isValidRpId(parameters.rpId))
    throw invalid('rpId', 'a hostname such as "example.com", or "localhost"')
  if (typeof parameters.createAccount !== 'function')
    throw invalid('createAccount', 'a function that calls your backend')
  const session = parameters.session ?? {}
  const sessionSeconds =
    session === false
      ? undefined
      : (session.expirationSeconds ?? defaultSessionSeconds)
  if (
    sessionSeconds !== undefined &&
    !(
      Number.isInteger(sessionSeconds) &&
      sessionSeconds >= 30 &&
      sessionSeconds <= 604_800
    )
  )
    throw invalid(
      'session.expirationSeconds',
      'whole seconds from 30 to 604800 (7 days), or `session: false`',
    )
  return { apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''), sessionSeconds }
}

type Session = { organizationId: string; account: LocalAccount }

passkeyWallet.type = 'passkeyWallet' as const

/**
 * An embedded wallet whose keys the vendor holds and whose every signature
 * the user authorises with a passkey (or, for a while, a session key).
 *
 * @example
 * passkeyWallet({ organizationId, createAccount: (request) => fetch('/api/create-account', …) })
 */
export function passkeyWallet(parameters: PasskeyWalletParameters) {
  const { apiBaseUrl, sessionSeconds } = validate(parameters)
  type Properties = {
    connect<withCapabilities extends boolean = false>(
      parameters?: PasskeyWalletConnectParameters & {
        withCapabilities?: withCapabilities | boolean
      },
    ): Promise<{
      accounts: withCapabilities extends true
        ? readonly {
            address: Address
            capabilities: Record<string, unknown>
          }[]
        : readonly Address[]
      chainId: number
    }>
  }

  return createConnector<PasskeyProvider, Properties>((config) => {
    const storage = createConnectorStorage({
      storage: config.storage,
      key: 'passkeyWallet',
      chainIds: config.chains.map((chain) => chain.id),
      isSessionTopic: (value) => uuid.test(value),
    })
    const rpId = () => parameters.rpId ?? location.hostname
    const passkeyStamper = () => createPasskeyStamper({ rpId: rpId() })
    const sessionStoreKey = `${config.storage?.key ?? 'wagmi'}.passkeyWallet`
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
      { onExpired: dropSessionKey, fallback: passkeyStamper },
    )
    let session: Session | undefined
    let chainId: number = config.chains[0].id
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
        expiresAt: Math.min(
          claims.exp,
          Math.floor(Date.now() / 1000) + seconds,
        ),
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

    const provider = createPasskeyProvider({
      chains: config.chains,
      transports: config.transports,
      account: () => session?.account,
      chainId: () => chainId,
      switchChain: async (id) => {
        await switchTo(id)
      },
    })

    async function switchTo(id: number) {
      const chain = config.chains.find((c) => c.id === id)
      if (!chain)
        throw new SwitchChainError(new ChainNotConfiguredError({ chainId: id }))
      chainId = id
      await storage.set('chainId', id)
      config.emitter.emit('change', { chainId: id })
      provider.emit('chainChanged', `0x${id.toString(16)}`)
      return chain
    }

    async function forget() {
      session = undefined
      await Promise.all([storage.clear(), dropSessionKey()])
    }

    return {
      id: 'passkeyWallet',
      name: 'Passkey',
      type: passkeyWallet.type,
      async setup() {},
      async connect(connectParameters = {}) {
        const {
          chainId: requestedChainId,
          isReconnecting,
          signUp: signUpWith,
          withCapabilities,
        } = connectParameters as PasskeyWalletConnectParameters
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
          await switchTo(requestedChainId)
        else await storage.set('chainId', chainId)
        const { address } = session.account
        provider.emit('connect', { chainId: `0x${chainId.toString(16)}` })
        provider.emit('accountsChanged', [address])
        return {
          accounts: (withCapabilities
            ? [{ address, capabilities: {} }]
            : [address]) as never,
          chainId,
        }
      },
      async disconnect() {
        await forget()
        provider.emit('disconnect')
      },
      async getAccounts() {
        return session ? [session.account.address] : []
      },
      async getChainId() {
        return chainId
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        try {
          return (await restore()) !== undefined
        } catch {
          return false
        }
      },
      switchChain: ({ chainId: id }) => switchTo(id),
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else
          config.emitter.emit('change', {
            accounts: accounts.map((a) => getAddress(a)),
          })
      },
      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },
      async onDisconnect() {
        await forget()
        config.emitter.emit('disconnect')
      },
    }
  })
}
