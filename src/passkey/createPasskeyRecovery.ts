import type { Storage } from '@wagmi/core'
import { createCodeFrame } from '../recovery/createCodeFrame.js'
import { createRecoveryFlow } from '../recovery/createRecoveryFlow.js'
import { createRecoveryStateStore } from '../recovery/createRecoveryStateStore.js'
import { defaultRecoverySessionSeconds } from '../recovery/recoveryState.js'
import { createVendorClient } from '../turnkey/createVendorClient.js'
import { createPasskey } from './createPasskey.js'
import { forgetPasskey } from './forgetPasskey.js'
import type { PasskeyWalletParameters } from './passkeyWallet.js'

/** passkeyWallet's recovery flow; loaded only when a host asks for it. */
export function createPasskeyRecovery({
  parameters,
  recovery,
  frameUrl,
  apiBaseUrl,
  storage,
  storageKey,
}: {
  parameters: PasskeyWalletParameters
  recovery: NonNullable<PasskeyWalletParameters['recovery']>
  /** The isolated frame's URL, checked when the connector was created. */
  frameUrl: string
  apiBaseUrl: string
  storage: Storage | null | undefined
  storageKey: string
}) {
  const rpId = () => parameters.rpId ?? location.hostname
  return createRecoveryFlow({
    // Not the connector's client: recovery stamps with its own key, never a session's fallback.
    vendor: createVendorClient({ baseUrl: apiBaseUrl }),
    parentOrganizationId: parameters.organizationId,
    start: recovery.start,
    openCodeFrame: () => createCodeFrame({ url: frameUrl }),
    stateStore: createRecoveryStateStore({ storage, key: storageKey }),
    sessionExpirationSeconds:
      recovery.sessionExpirationSeconds ?? defaultRecoverySessionSeconds,
    createPasskey: (userName) =>
      createPasskey({
        rpId: rpId(),
        rpName: parameters.rpName ?? rpId(),
        userName,
      }),
    forgetPasskey: (credentialId) => forgetPasskey(rpId(), credentialId),
  })
}
