/** The EIP-1193 provider errors (and EIP-3326's 4902) the sandbox wallet answers with. */
export const walletErrors = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unsupportedMethod: { code: 4200, message: 'Unsupported method' },
  unrecognizedChain: { code: 4902, message: 'Unrecognized chain ID' },
} as const
