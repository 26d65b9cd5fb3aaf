/**
 * A bundle (an export, or a credential such as a recovery code) the isolated
 * frame will not open. The message is shown in the frame and sent to the host
 * as is, so it says what to do.
 */
export class RefusedBundleError extends Error {
  override name = 'RefusedBundleError'
}
