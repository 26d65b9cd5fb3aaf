const methodsForTheUser = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])

/**
 * Whether a request waits for the wallet's user: on a phone it opens the
 * wallet app, and such requests reach the wallet one at a time.
 */
export const needsTheUser = (method: string) => methodsForTheUser.has(method)
