/** The vendor's hosted export frame; it trusts only the vendor's production enclave key. */
export const defaultExportFrameUrl = 'https://export.turnkey.com'
