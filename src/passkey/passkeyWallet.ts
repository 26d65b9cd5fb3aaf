import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import {
  type Address,
  getAddress,
  type LocalAccount,
  SwitchChainError,
} from 'viem'
import { createConnectorStorage } from '../core/createConnectorStorage.js'
import { SessionNotFoundError } from '../core/errors/connection.js'
import {
  type CreatePasskeyParameters,
  createPasskey,
  type VendorAttestation,
} from './createPasskey.js'
import {
  createPasskeyProvider,
  type PasskeyProvider,
} from './createPasskeyProvider.js'
import { createPasskeyStamper } from './createPasskeyStamper.js'
import { createVendorClient } from './createVendorClient.js'
import { InvalidPasskeyWalletParameterError } from './errors.js'
import { isValidRpId } from './isValidRpId.js'
import { toVendorAccount } from './toVendorAccount.js'

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
}

export type PasskeyWalletConnectParameters = {
  chainId?: number | undefined
  isReconnecting?: boolean | undefined
  withCapabilities?: boolean | undefined
  /** Create a new passkey and account instead of logging in with an existing passkey. */
  signUp?: { userName: string; email?: string | undefined } | undefined
}

const defaultApiBaseUrl = 'https://api.turnkey.com'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function validate(parameters: PasskeyWalletParameters) {
  if (
    typeof parameters?.organizationId !== 'string' ||
    !uuid.test(parameters.organizationId)
  )
    throw new InvalidPasskeyWalletParameterError(
      'organizationId',
      'the vendor organization id, a UUID',
    )
  const apiBaseUrl = parameters.apiBaseUrl ?? defaultApiBaseUrl
  if (!/^https?:\/\/[^/]+/.test(apiBaseUrl))
    throw new InvalidPasskeyWalletParameterError('apiBaseUrl', 'an http(s) URL')
  if (parameters.rpId !== undefined && !isValidRpId(parameters.rpId))
    throw new InvalidPasskeyWalletParameterError(
      'rpId',
      'a hostname such as "example.com", or "localhost"',
    )
  if (typeof parameters.createAccount !== 'function')
    throw new InvalidPasskeyWalletParameterError(
      'createAccount',
      'a function that calls your backend',
    )
  return { apiBaseUrl: apiBaseUrl.replace(/\/+$/, '') }
}

type Session = { organizationId: string; account: LocalAccount }

passkeyWallet.type = 'passkeyWallet' as const

/**
 * An embedded wallet whose keys the vendor holds and whose every signature
 * the user authorises with a passkey.
 *
 * @example
 * passkeyWallet({ organizationId, createAccount: (request) => fetch('/api/create-account', …) })
 */
export function passkeyWallet(parameters: PasskeyWalletParameters) {
  const { apiBaseUrl } = validate(parameters)
  type Properties = {
    connect<withCapabilities extends boolean = false>(
      parameters?: PasskeyWalletConnectParameters & {
        withCapabilities?: withCapabilities | boolean
      },
    ): Promise<{
      accounts: withCapabilities extends true
        ? readonly { address: Address; capabilities: Record<string, unknown> }[]
        : readonly Address[]
      chainId: number
    }>
  }

  return createConnector<PasskeyProvider, Properties>((config) => {
    const chainIds = config.chains.map((chain) => chain.id)
    const storage = createConnectorStorage({
      storage: config.storage,
      key: 'passkeyWallet',
      chainIds,
      isSessionTopic: (value) => uuid.test(value),
    })
    const vendor = createVendorClient({ baseUrl: apiBaseUrl })
    const rpId = () => parameters.rpId ?? location.hostname
    const passkeyStamper = () => createPasskeyStamper({ rpId: rpId() })
    let session: Session | undefined
    let chainId: number = config.chains[0].id
    let connecting: Promise<Session> | undefined

    function open(organizationId: string, address: Address): Session {
      return {
        organizationId,
        account: toVendorAccount({
          address,
          organizationId,
          vendor,
          stamper: passkeyStamper,
        }),
      }
    }

    async function restore(): Promise<Session | undefined> {
      const [address, organizationId, storedChainId] = await Promise.all([
        storage.get('activeAccount'),
        storage.get('sessionTopic'),
        storage.get('chainId'),
      ])
      if (storedChainId) chainId = storedChainId
      return address && organizationId
        ? open(organizationId, address)
        : undefined
    }

    async function firstAccount(organizationId: string): Promise<Address> {
      const { accounts } = await vendor.query<{
        accounts: { address: string; addressFormat: string }[]
      }>('list_wallet_accounts', { organizationId }, passkeyStamper())
      const ethereum = accounts.find(
        (a) => a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM',
      )
      if (!ethereum)
        throw new SessionNotFoundError({
          cause: new Error('The account has no Ethereum wallet.'),
        })
      return getAddress(ethereum.address)
    }

    async function signUp({
      userName,
      email,
    }: NonNullable<PasskeyWalletConnectParameters['signUp']>) {
      const passkey = await createPasskey({
        rpId: rpId(),
        rpName: parameters.rpName ?? rpId(),
        userName,
      } satisfies CreatePasskeyParameters)
      const { subOrganizationId } = await parameters.createAccount({
        userName,
        email,
        ...passkey,
      })
      return open(subOrganizationId, await firstAccount(subOrganizationId))
    }

    async function logIn() {
      const { organizationId } = await vendor.query<{ organizationId: string }>(
        'whoami',
        { organizationId: parameters.organizationId },
        passkeyStamper(),
      )
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
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
      chainId = id
      await storage.set('chainId', id)
      config.emitter.emit('change', { chainId: id })
      provider.emit('chainChanged', `0x${id.toString(16)}`)
      return chain
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
        session = undefined
        await storage.clear()
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
        session = undefined
        await storage.clear()
        config.emitter.emit('disconnect')
      },
    }
  })
}
