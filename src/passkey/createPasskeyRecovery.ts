import type { Storage } from '@wagmi/core'
import { createCodeFrame } from '../recovery/codeFrame.js'
import { createAuthProxyCodeSender } from '../recovery/codeSenders.js'
import { createRecoveryFlow } from '../recovery/recoveryFlow.js'
import { createRecoveryStateStore } from '../recovery/recoveryStateStore.js'
import { createAuthProxyClient } from '../turnkey/createAuthProxyClient.js'
import { createVendorClient } from '../turnkey/createVendorClient.js'
import { recoverySessionSeconds } from '../turnkey/hostBackendContract.js'
import { createPasskey, forgetPasskey } from './passkeyCeremonies.js'
import {
  checkPasskeyWalletParameters,
  type PasskeyWalletParameters,
} from './passkeyParameters.js'

/**
 * passkeyWallet's recovery flow; loaded only when a host asks for it. With
 * `oidc`, its provider steps' code loads with it (a bad option rejects).
 */
export async function createPasskeyRecovery({
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
    providers: await parameters.oidc?.recovery({
      authProxy,
      backendTimeoutMs,
      client: vendor,
      connectedOrganization,
    }),
  })
}
