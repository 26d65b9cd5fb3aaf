import { derToP1363Signature } from './derToP1363Signature.js'
import { hexToBytes } from './hexToBytes.js'
import { hpkeOpen, type RecipientKey } from './hpkeOpen.js'
import { RefusedBundleError } from './RefusedBundleError.js'

function parseJson(text: unknown): Record<string, unknown> | undefined {
  try {
    const value = typeof text === 'string' ? JSON.parse(text) : undefined
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    return undefined
  }
}

async function verifySignature(
  signerPublicKey: string,
  signature: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
) {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(signerPublicKey)!,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  )
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    signature,
    data,
  )
}

/**
 * The secret inside an export bundle (notes §5.2), once the bundle proved it
 * comes from the enclave (`signerPublicKey`, uncompressed hex) and from the
 * expected organization. Every refusal is an RefusedBundleError.
 */
export async function openExportBundle({
  bundle,
  organizationId,
  signerPublicKey,
  recipient,
}: {
  bundle: unknown
  organizationId: unknown
  signerPublicKey: string
  recipient: RecipientKey
}): Promise<Uint8Array> {
  const refuse = (message: string) => new RefusedBundleError(message)
  const parsed = parseJson(bundle)
  if (!parsed) throw refuse('The export bundle is not valid JSON.')
  if (parsed.version !== 'v1.0.0')
    throw refuse(
      `Unsupported export bundle version ${JSON.stringify(parsed.version)}: expected "v1.0.0".`,
    )
  const signer = parsed.enclaveQuorumPublic
  if (
    typeof signer !== 'string' ||
    signer.toLowerCase() !== signerPublicKey.toLowerCase()
  )
    throw refuse(
      `The export bundle is signed by key ${String(signer)}, not by the expected enclave key ${signerPublicKey}.`,
    )
  const data = hexToBytes(parsed.data)
  const signature =
    typeof parsed.dataSignature === 'string' &&
    derToP1363Signature(hexToBytes(parsed.dataSignature) ?? new Uint8Array())
  if (
    !data ||
    !signature ||
    !(await verifySignature(signerPublicKey, signature, data))
  )
    throw refuse(
      'The export bundle’s signature is invalid: it was altered or not signed by the enclave.',
    )
  const signed = parseJson(new TextDecoder().decode(data))
  if (!signed || signed.organizationId !== organizationId)
    throw refuse(
      `The export bundle belongs to organization ${String(signed?.organizationId)}, not to ${String(organizationId)}.`,
    )
  const encappedPublicKey = hexToBytes(signed.encappedPublic)
  const ciphertext = hexToBytes(signed.ciphertext)
  try {
    if (encappedPublicKey?.length !== 65 || !ciphertext) throw new Error()
    return await hpkeOpen({ recipient, encappedPublicKey, ciphertext })
  } catch {
    throw refuse(
      'The export bundle does not decrypt with this frame’s key: each key opens one export. Start a new export.',
    )
  }
}
