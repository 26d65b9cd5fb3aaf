/**
 * An export bundle the frame will not open. The message is shown in the
 * frame and sent to the host as is, so it says what to do.
 */
export class InvalidExportBundleError extends Error {
  override name = 'InvalidExportBundleError'
}
