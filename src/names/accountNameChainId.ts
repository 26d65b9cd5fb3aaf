/** SPEC §9: names are resolved with the ENS lookup on Base. */
export const accountNameChainId = 8453
