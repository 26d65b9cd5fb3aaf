// SPEC §9: a connector answers wagmi's lookups of the connected accounts within
// 500 ms and of the chain id within 1000 ms, so a wallet still loading never
// holds up reconnect.
export const accountsLookupMs = 500
export const chainIdLookupMs = 1_000
