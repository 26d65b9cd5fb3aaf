import { encryptExportBundle } from './enclaveCrypto.js'
import type { SubmitEndpoint } from './endpoint.js'
import { signerFor } from './wallets.js'

/** Exports: the secret is encrypted to a key the host page never holds, and signed by the enclave. */
export const exportSubmits: Record<string, SubmitEndpoint> = {
  export_wallet: {
    kind: 'submit',
    resultKeys: { ACTIVITY_TYPE_EXPORT_WALLET: 'exportWalletResult' },
    async handle(context, { walletId, targetPublicKey }) {
      const wallet = context.state.wallet(context.organization, walletId)
      const exportBundle = await encryptExportBundle({
        plaintext: Buffer.from(wallet.mnemonic, 'utf8'),
        targetPublicKey,
        organizationId: context.organization.organizationId,
        signer: context.enclave.signer,
      })
      wallet.exported = true
      return { walletId: wallet.walletId, exportBundle }
    },
  },
  export_wallet_account: {
    kind: 'submit',
    resultKeys: {
      ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: 'exportWalletAccountResult',
    },
    async handle(context, { address, targetPublicKey }) {
      const { wallet, account, privateKey } = signerFor(
        context.organization,
        address,
      )
      const exportBundle = await encryptExportBundle({
        plaintext: Buffer.from(privateKey.slice(2), 'hex'),
        targetPublicKey,
        organizationId: context.organization.organizationId,
        signer: context.enclave.signer,
      })
      wallet.exported = true
      return { address: account.address, exportBundle }
    },
  },
}
