import {
  Aes256Gcm,
  CipherSuite,
  DhkemP256HkdfSha256,
  HkdfSha256,
} from '@hpke/core'

/** The vendor's HPKE base mode: P-256, HKDF-SHA256, AES-256-GCM. */
export const hpkeSuite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
})

/** The vendor's HPKE info string. */
export const hpkeInfo = new TextEncoder().encode('turnkey_hpke')
