type VerifyHolder = {
  core?: { verify?: { register?: (...args: never[]) => unknown } }
}

/**
 * Stops the SDK's Verify step for this sign client's core, as it already is
 * outside browsers: before each proposal and each request that needs the
 * user, `core.verify.register()` opens a hidden iframe to the fixed
 * `https://verify.walletconnect.org/v3/attestation` and waits up to 5 s for
 * an attestation of the page's origin, which a wallet may then show as
 * verified. Replaced by a function answering "no attestation" at once (what
 * the SDK itself returns in Node), messages go out without one, exactly as
 * a Node dapp's do. Returns false, changing nothing, when the SDK no longer
 * has that shape: Verify then runs as the SDK decides.
 *
 * The core is the SDK's per-`customStoragePrefix` shared one: every client
 * on that prefix (same relay) is affected alike.
 */
export function skipVerify(client: VerifyHolder): boolean {
  const verify = client.core?.verify
  if (typeof verify?.register !== 'function') return false
  verify.register = async () => undefined
  return true
}
