import {
  importRecoveryCredential,
  type RecoveryKey,
} from '../turnkey/apiKeyStamper.js'
import {
  generateRecipientKey,
  openCredentialBundle,
  openExportBundle,
  type RecipientKey,
  RefusedBundleError,
} from '../turnkey/bundles.js'
import {
  isAllowedParent,
  parentOriginsMetaName,
  readParentOrigins,
} from './allowedParents.js'
import { createSecretView } from './createSecretView.js'
import { toEthereumAddress } from './toEthereumAddress.js'

/**
 * The enclave key that signs export bundles (uncompressed P-256 hex), baked
 * in by scripts/buildExportFrame.ts: a frame that took it from its URL or
 * a message would trust whoever embeds it.
 */
declare const __EXPORT_SIGNER_PUBLIC_KEY__: string

/** A request from the host page, in @turnkey/iframe-stamper's shape. */
type Request = {
  type?: unknown
  requestId?: unknown
  value?: unknown
  organizationId?: unknown
  keyFormat?: unknown
  address?: unknown
}

const view = createSecretView(
  document.body.appendChild(document.createElement('main')),
)
// Held in memory only: a reload or a new frame means a new key.
let recipient: RecipientKey
let port: MessagePort | undefined
// An injected credential (a recovery code's key): it stamps, nothing reads it, and it ends.
let credential: (RecoveryKey & { endsAt: number }) | undefined
// A recovery session lasts at most 1800 s (docs/panels.md): the key must not outlive it.
const credentialLifeMs = 1_800_000

/** Decrypts a credential bundle (the emailed code) into a key that only stamps. */
async function injectCredential(bundle: unknown) {
  const key = await openCredentialBundle(String(bundle ?? ''), recipient)
  credential = {
    ...(await importRecoveryCredential(key)),
    endsAt: Date.now() + credentialLifeMs,
  }
  recipient = await generateRecipientKey()
}

/** The X-Stamp of `body` by the injected credential, while it lives. */
async function stamp(body: unknown) {
  if (credential && Date.now() >= credential.endsAt) credential = undefined
  if (!credential)
    throw new RefusedBundleError(
      'No credential to stamp with: inject a code first (a credential lives 1800 s).',
    )
  return (await credential.stamper.stamp(String(body))).value
}

/** Decrypts a verified bundle, then replaces the key: each key opens one export. */
async function open(request: Request) {
  const secret = await openExportBundle({
    bundle: request.value,
    organizationId: request.organizationId,
    signerPublicKey: __EXPORT_SIGNER_PUBLIC_KEY__,
    recipient,
  })
  recipient = await generateRecipientKey()
  return secret
}

async function answer(request: Request) {
  const reply = (type: string, value: unknown) =>
    port?.postMessage({ type, value, requestId: request.requestId })
  try {
    switch (request.type) {
      case 'INJECT_WALLET_EXPORT_BUNDLE': {
        const text = new TextDecoder().decode(await open(request))
        // The vendor appends an optional passphrase after a newline.
        const cut = text.indexOf('\n')
        const mnemonic = cut < 0 ? text : text.slice(0, cut)
        const passphrase = cut < 0 ? undefined : text.slice(cut + 1)
        view.show({ kind: 'mnemonic', mnemonic, passphrase })
        return reply('BUNDLE_INJECTED', true)
      }
      case 'INJECT_KEY_EXPORT_BUNDLE': {
        if ((request.keyFormat ?? 'HEXADECIMAL') !== 'HEXADECIMAL')
          throw new RefusedBundleError(
            `Key format ${String(request.keyFormat)} is not supported: ask for HEXADECIMAL.`,
          )
        const key = await open(request)
        if (key.length !== 32)
          throw new RefusedBundleError(
            'The export bundle does not hold a 32-byte private key.',
          )
        // The account shown is the key's own; the page's word for it must agree.
        const address = toEthereumAddress(key)
        const asked = request.address
        if (
          asked !== undefined &&
          String(asked).toLowerCase() !== address.toLowerCase()
        )
          throw new RefusedBundleError(
            `The exported key belongs to ${address}, not to the account ${String(asked).slice(0, 42)} this export was asked for. Nothing is shown.`,
          )
        view.show({
          kind: 'privateKey',
          privateKey: `0x${Array.from(key, (x) => x.toString(16).padStart(2, '0')).join('')}`,
          address,
        })
        return reply('BUNDLE_INJECTED', true)
      }
      case 'INJECT_CREDENTIAL_BUNDLE':
      case 'INJECT_RECOVERY_BUNDLE':
        await injectCredential(request.value)
        return reply('BUNDLE_INJECTED', true)
      case 'STAMP_REQUEST':
        return reply('STAMP', await stamp(request.value))
      case 'GET_EMBEDDED_PUBLIC_KEY':
        return reply('EMBEDDED_PUBLIC_KEY', recipient.publicKeyHex)
      default:
        return reply('ERROR', `Unsupported request ${String(request.type)}.`)
    }
  } catch (error) {
    const message =
      error instanceof RefusedBundleError
        ? error.message
        : 'The export could not be shown. Reload the page and try again.'
    view.showError(message)
    return reply('ERROR', message)
  }
}

// Fixed in the page its host serves, never taken from a URL or a message.
const parentOrigins = readParentOrigins(document)

window.addEventListener('message', async (event) => {
  const channel = event.ports[0]
  if (
    event.source !== window.parent ||
    event.data?.type !== 'TURNKEY_INIT_MESSAGE_CHANNEL' ||
    !channel ||
    port
  )
    return
  if (!isAllowedParent(event.origin, parentOrigins)) {
    view.showError(
      `This frame does not work inside ${event.origin}: its host lists the pages that may use it in its ${parentOriginsMetaName} tag.`,
    )
    return
  }
  port = channel
  recipient = await generateRecipientKey()
  // One request at a time, so two bundles cannot race for the same key.
  let queue = Promise.resolve()
  channel.onmessage = ({ data }) => {
    queue = queue.then(() => answer(data ?? {}))
  }
  channel.postMessage({
    type: 'PUBLIC_KEY_READY',
    value: recipient.publicKeyHex,
  })
})
