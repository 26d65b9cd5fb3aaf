import { WebauthnNotSupportedError } from './errors.js'

/** The browser's WebAuthn, or a clear error where there is none (server, old browser, http://). */
export function webauthn(): CredentialsContainer {
  if (
    typeof window === 'undefined' ||
    typeof navigator === 'undefined' ||
    !navigator.credentials ||
    typeof PublicKeyCredential === 'undefined'
  )
    throw new WebauthnNotSupportedError()
  return navigator.credentials
}
