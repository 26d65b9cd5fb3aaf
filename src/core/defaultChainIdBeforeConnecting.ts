/**
 * The chain id every connector reports before it is connected (SPEC §9),
 * whether or not the host's config has chain 1.
 */
export const defaultChainIdBeforeConnecting = 1
