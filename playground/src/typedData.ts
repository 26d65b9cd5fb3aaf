/** The EIP-712 message the playground signs (and the round-trips bench with it). */
export const playgroundTypedData = {
  domain: { name: 'Playground', version: '1', chainId: 1 },
  types: {
    Mail: [
      { name: 'to', type: 'string' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: 'Bob', contents: 'Hello from the playground' },
} as const
