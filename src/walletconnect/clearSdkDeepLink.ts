// The SDK's own redirect on each request reads this key, from localStorage
// first; the connector opens the wallet itself (openWalletForRequest).
const sdkDeepLinkKey = 'WALLETCONNECT_DEEPLINK_CHOICE'

/**
 * Removes the SDK's stored deep-link choice, which the SDK itself removes
 * from its own storage only: left in localStorage, the next session would
 * redirect to the previous wallet.
 */
export function clearSdkDeepLink() {
  try {
    globalThis.localStorage?.removeItem(sdkDeepLinkKey)
  } catch {
    // Storage may be blocked; nothing to clear then.
  }
}
