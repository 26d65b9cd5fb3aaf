import type { AuthProxy } from '../../sandbox/turnkey/authProxy/startAuthProxy.js'
import type { Vendor } from '../../sandbox/turnkey/startVendor.js'
import { signUpWithAuthProxy } from '../../src/passkey/signUpWithAuthProxy.js'
import { createAuthProxyCodeSender } from '../../src/recovery/codeSenders.js'
import { createRecoveryFlow } from '../../src/recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../../src/recovery/recoveryStateStore.js'
import {
  type AuthProxyClient,
  createAuthProxyClient,
} from '../../src/turnkey/createAuthProxyClient.js'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import { fetchFrom } from './fetchFrom.js'
import { proveEmailThroughProxy, withEmailProof } from './hostBackend.js'
import { memoryStorage } from './memoryStorage.js'
import { SoftwareAuthenticator } from './softwareAuthenticator.js'

type VendorAddress = Pick<Vendor, 'url' | 'parentOrganizationId' | 'clock'>

/** The page's origin, which the sandbox Auth Proxy's own config allows. */
export const pageOrigin = 'http://localhost:5173'

/**
 * The Auth Proxy's client as a page on `origin` makes it, waiting the
 * product's default 10 s: a busy machine must not turn an ordinary answer
 * into a timeout.
 */
export function authProxyClient(
  authProxy: Pick<AuthProxy, 'url' | 'configId'>,
  {
    configId = authProxy.configId,
    origin = pageOrigin,
    timeoutMs = 10_000,
  }: { configId?: string; origin?: string; timeoutMs?: number } = {},
) {
  return createAuthProxyClient({
    url: authProxy.url,
    configId,
    timeoutMs,
    fetch: fetchFrom(origin),
  })
}

/**
 * A request to the Auth Proxy as the browser sends it: JSON, the config id
 * header, the page's origin; the answer's status and body (JSON, else text).
 */
export async function postToProxy(
  authProxy: Pick<AuthProxy, 'url' | 'configId'>,
  path: string,
  body: unknown,
  /** `null` leaves the header out. */
  {
    configId = authProxy.configId as string | null,
    origin = pageOrigin as string | null,
  } = {},
) {
  const response = await fetch(`${authProxy.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(configId === null ? {} : { 'X-Auth-Proxy-Config-Id': configId }),
      ...(origin === null ? {} : { origin }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  let json: unknown = text
  try {
    json = JSON.parse(text)
  } catch {}
  // The headers stay out of the answer's own keys, so answers compare with toEqual.
  return Object.defineProperty(
    { status: response.status, body: json as any },
    'headers',
    { value: response.headers },
  ) as { status: number; body: any; headers: Headers }
}

/**
 * Sign-up as passkeyWallet makes it through the proxy: the email proved
 * through `proofClient` (`otp_init`, the code from the inbox, `otp_verify`),
 * then a new passkey, the email and a wallet with the proof through
 * `client`. `onAnswer` is called once the proxy answered the sign-up at all.
 */
export async function signUpThroughProxy(
  vendor: Pick<Vendor, 'url' | 'parentOrganizationId'>,
  email: string,
  {
    client,
    proofClient = client,
    userName = 'ada',
    onAnswer = () => undefined,
  }: {
    client: AuthProxyClient
    proofClient?: AuthProxyClient
    userName?: string
    onAnswer?: () => void
  },
) {
  const proof = await proveEmailThroughProxy(proofClient, vendor, email)
  const passkey = new SoftwareAuthenticator()
  const { challenge, attestation } = passkey.register()
  const account = await signUpWithAuthProxy(
    client,
    await withEmailProof(
      { userName, email: proof.email, challenge, attestation },
      proof,
    ),
    onAnswer,
  )
  return { passkey, email: proof.email, ...account }
}

/**
 * Email-code recovery as passkeyWallet runs it with no backend: codes
 * through the proxy's `client`, its state in `memory`, the new passkey from
 * `newPasskey`.
 */
export function proxyRecoveryFlow(
  vendor: VendorAddress,
  client: AuthProxyClient,
  newPasskey = () => new SoftwareAuthenticator(),
) {
  const { storage, memory } = memoryStorage('test')
  const flow = createRecoveryFlow({
    vendor: createVendorClient({ baseUrl: vendor.url }),
    parentOrganizationId: vendor.parentOrganizationId,
    codeSender: createAuthProxyCodeSender({ client }),
    stateStore: createRecoveryStateStore({
      storage,
      key: 'passkeyWallet',
      now: () => Math.floor(vendor.clock.now() / 1000),
    }),
    sessionExpirationSeconds: 1800,
    createPasskey: async () => {
      const { challenge, attestation } = newPasskey().register()
      return { challenge, attestation }
    },
    now: () => Math.floor(vendor.clock.now() / 1000),
  })
  return { flow, memory }
}
