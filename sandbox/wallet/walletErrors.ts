/**
 * The EIP-1193 provider errors (and EIP-3326's 4902, EIP-5792's 57xx) the
 * sandbox wallet answers with: the codes viem turns into its own error classes.
 */
export const walletErrors = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: {
    code: 4100,
    message: 'The requested account has not been authorized by the user.',
  },
  unsupportedMethod: { code: 4200, message: 'Unsupported method' },
  unrecognizedChain: { code: 4902, message: 'Unrecognized chain ID' },
  invalidParams: (message: string) => ({ code: -32602, message }),
  unsupportedNonOptionalCapability: (name: string) => ({
    code: 5700,
    message: `Unsupported non-optional capability: ${name}`,
  }),
  unsupportedChain: { code: 5710, message: 'Unsupported chain ID' },
  duplicateId: { code: 5720, message: 'Duplicate batch ID' },
  unknownBundleId: { code: 5730, message: 'Unknown batch ID' },
  bundleTooLarge: { code: 5740, message: 'Batch too large' },
} as const

/** The JSON-RPC response body: a result, or an error. */
export type RequestAnswer =
  | { result: unknown }
  | { error: { code: number; message: string } }
