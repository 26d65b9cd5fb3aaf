/**
 * The enclave key that signs export bundles (uncompressed P-256 hex), baked
 * in by scripts/buildExportFrame.ts: a frame that took it from its URL or
 * a message would trust whoever embeds it.
 */
declare const __EXPORT_SIGNER_PUBLIC_KEY__: string
