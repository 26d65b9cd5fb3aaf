type SignalUnknownCredential = (options: {
  rpId: string
  credentialId: string
}) => Promise<void>

/**
 * Tells the browser that a passkey it just created belongs to no account
 * (WebAuthn's `signalUnknownCredential`, where supported), so it can leave
 * the user's passkey list. Best effort: never throws.
 */
export async function forgetPasskey(rpId: string, credentialId: string) {
  const signal = (
    globalThis.PublicKeyCredential as
      | { signalUnknownCredential?: SignalUnknownCredential }
      | undefined
  )?.signalUnknownCredential
  try {
    await signal?.call(globalThis.PublicKeyCredential, { rpId, credentialId })
  } catch {
    // The browser refused or does not know the passkey: nothing more to do.
  }
}
