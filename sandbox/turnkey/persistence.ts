import type { JsonWebKey } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import {
  createEnclaveKey,
  type EnclaveKey,
  exportEnclaveKey,
} from './enclaveCrypto.js'
import type { Organization } from './model.js'
import type { ApiKeyPair } from './startVendor.js'
import { VendorState } from './VendorState.js'

/** What survives a restart with `--data FILE`: the same keys, wallets and authenticators. */
type SavedVendor = {
  version: 1
  parentOrganizationId: string
  parentApiKey: ApiKeyPair
  enclave: { signer: JsonWebKey; notarizer: JsonWebKey }
  organizations: Organization[]
}

export type LoadedVendor = {
  state: VendorState
  parentOrganizationId: string
  parentApiKey: ApiKeyPair
  enclave: { signer: EnclaveKey; notarizer: EnclaveKey }
}

/** The saved world, or `undefined` when the file does not exist yet. */
export function loadVendor(file: string): LoadedVendor | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const saved = JSON.parse(text) as SavedVendor
  if (saved.version !== 1)
    throw new Error(`${file}: unknown sandbox data version ${saved.version}`)
  const state = new VendorState()
  for (const organization of saved.organizations)
    state.organizations.set(organization.organizationId, organization)
  return {
    state,
    parentOrganizationId: saved.parentOrganizationId,
    parentApiKey: saved.parentApiKey,
    enclave: {
      signer: createEnclaveKey(saved.enclave.signer),
      notarizer: createEnclaveKey(saved.enclave.notarizer),
    },
  }
}

/** Writes atomically: a crash mid-write leaves the previous file intact. */
export function saveVendor(file: string, vendor: LoadedVendor) {
  const saved: SavedVendor = {
    version: 1,
    parentOrganizationId: vendor.parentOrganizationId,
    parentApiKey: vendor.parentApiKey,
    enclave: {
      signer: exportEnclaveKey(vendor.enclave.signer),
      notarizer: exportEnclaveKey(vendor.enclave.notarizer),
    },
    organizations: [...vendor.state.organizations.values()],
  }
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(saved))
  renameSync(temporary, file)
}
