/** A new passkey in the vendor's registration shape (base64url fields, the vendor's transport names). */
export type VendorAttestation = {
  credentialId: string
  clientDataJson: string
  attestationObject: string
  transports: string[]
}
