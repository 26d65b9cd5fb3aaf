import type { Storage } from '@wagmi/core'
import { OidcSignInError } from '../oidc/errors.js'
import { withSignInWindow } from '../oidc/signInNavigation.js'
import { createCodeFrame } from '../recovery/codeFrame.js'
import { createAuthProxyCodeSender } from '../recovery/codeSenders.js'
import {
  createRecoveryFlow,
  type ProviderRecovery,
} from '../recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../recovery/recoveryStateStore.js'
import { createAuthProxyClient } from '../turnkey/createAuthProxyClient.js'
import { createVendorClient } from '../turnkey/createVendorClient.js'
import { recoverySessionSeconds } from '../turnkey/hostBackendContract.js'
import { createSessionStamper } from '../turnkey/stampers.js'
import type { OidcLogInContext } from './oidcLogIn.js'
import { checkOidcParameters } from './oidcParameters.js'
import { createPasskey, forgetPasskey } from './passkeyCeremonies.js'
import {
  checkPasskeyWalletParameters,
  type PasskeyWalletParameters,
} from './passkeyParameters.js'

/** passkeyWallet's recovery flow; loaded only when a host asks for it. */
export function createPasskeyRecovery({
  parameters,
  storage,
  storageKey,
  connectedOrganization,
}: {
  /** As the host gave them: checked here, each bad one a typed error. */
  parameters: PasskeyWalletParameters
  storage: Storage | null | undefined
  storageKey: string
  /** The connector's account, when one is connected: a passkey added then goes to it only. */
  connectedOrganization(): Promise<string | undefined>
}) {
  const {
    apiBaseUrl,
    authProxy,
    recoveryFrameUrl: frameUrl,
    vendorTimeoutMs,
    backendTimeoutMs,
    frameTimeoutMs,
  } = checkPasskeyWalletParameters(parameters)
  const recovery = parameters.recovery ?? {}
  const rpId = () => parameters.rpId ?? location.hostname
  const { start } = recovery
  const codes = start
    ? {
        start,
        startTimeoutMs: backendTimeoutMs,
        openCodeFrame: () =>
          createCodeFrame({ url: frameUrl, timeoutMs: frameTimeoutMs }),
      }
    : {
        // The check and the connector ensure that one of the two is there.
        codeSender: createAuthProxyCodeSender({
          client: createAuthProxyClient(authProxy!),
        }),
      }
  // Not the connector's client: recovery stamps with its own key, never a session's fallback.
  const vendor = createVendorClient({
    baseUrl: apiBaseUrl,
    timeoutMs: vendorTimeoutMs,
  })
  return createRecoveryFlow({
    vendor,
    parentOrganizationId: parameters.organizationId,
    ...codes,
    stateStore: createRecoveryStateStore({ storage, key: storageKey }),
    sessionExpirationSeconds:
      recovery.sessionExpirationSeconds ?? recoverySessionSeconds,
    createPasskey: (userName) =>
      createPasskey({
        rpId: rpId(),
        rpName: parameters.rpName ?? rpId(),
        userName,
      }),
    forgetPasskey: (credentialId) => forgetPasskey(rpId(), credentialId),
    providers:
      parameters.oidc === undefined
        ? undefined
        : providerRecovery({
            parameters,
            authProxy,
            backendTimeoutMs,
            client: vendor,
            connectedOrganization,
          }),
  })
}

/**
 * Recovery by the providers of `passkeyWallet({ oidc })` (checked now: a bad
 * option rejects getRecovery()): the sign-in's window opens in the tap, its
 * code loads after, and the one-time key it gives stamps the new passkey's
 * registration, then is deleted. While an account is connected (a passkey
 * added after a provider's sign-up), a key of another account is deleted
 * unused: the person picked another provider account at the provider.
 */
function providerRecovery(
  context: Pick<
    OidcLogInContext,
    'parameters' | 'authProxy' | 'backendTimeoutMs' | 'client'
  > & { connectedOrganization(): Promise<string | undefined> },
): ProviderRecovery {
  const { providers } = checkOidcParameters(context.parameters.oidc, {
    hasAuthProxy: context.authProxy !== undefined,
  })
  return {
    providers: [...providers.values()].map(({ id, name }) => ({ id, name })),
    signIn(provider, signal) {
      return withSignInWindow((signInWindow) =>
        import('./oidcLogIn.js').then(({ signInForPasskey }) =>
          signInForPasskey(provider, signInWindow, signal, context),
        ),
      )
        .then(async (oneTime) => {
          const connected = await context.connectedOrganization()
          if (connected !== undefined && connected !== oneTime.organizationId) {
            await oneTime.revoke()
            throw new OidcSignInError({ reason: 'otherAccount', provider })
          }
          return oneTime
        })
        .then(({ key, organizationId, userId, expiresAt, revoke }) => ({
          publicKey: key.publicKey,
          // Its refusal is the recovery's to handle, never a passkey prompt.
          stamper: { ...createSessionStamper(key), fallsBack: false },
          organizationId,
          userId,
          expiresAt,
          revoke,
        }))
    },
  }
}
