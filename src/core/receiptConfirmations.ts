/**
 * Blocks after which a transaction receipt counts as final (SPEC §9): pass it
 * to wagmi's `useWaitForTransactionReceipt({ hash, confirmations })`.
 */
export const receiptConfirmations = 3
