import type { AddressInfo } from 'node:net'
import { Faults } from '../Faults.js'
import type { Vendor } from '../startVendor.js'
import type { AuthProxyConfig, AuthProxyConfigInit } from './AuthProxyConfig.js'
import { AuthProxyConfigs } from './AuthProxyConfigs.js'
import { addProxyUser } from './addProxyUser.js'
import { createAuthProxyServer } from './createAuthProxyServer.js'
import { createVendorCaller } from './createVendorCaller.js'

export type StartAuthProxyParameters = {
  /**
   * The proxy's configs, the first being the default one. By default one
   * config allowing the playground's origin (http://localhost:5173) with the
   * sandbox's wallet kit settings (6-digit codes, see AuthProxyConfig.ts).
   */
  configs?: readonly AuthProxyConfigInit[] | undefined
}

export type AuthProxy = {
  /** Where the browser sends `POST /v1/<endpoint>` (the vendor's `https://authproxy.turnkey.com`). */
  url: string
  /** The default config's id: the `X-Auth-Proxy-Config-Id` header's value. */
  configId: string
  /** The origins the default config allows (the live list). */
  allowedOrigins: readonly string[]
  /** A config by id (the default one without an id). */
  config(configId?: string): AuthProxyConfig
  /** Adds a config (an id is made up unless given). */
  addConfig(init?: AuthProxyConfigInit): AuthProxyConfig
  /** Lets pages on `origin` use a config (the default one without an id), e.g. a page served on a free port. */
  allowOrigin(origin: string, configId?: string): void
  stop(): Promise<void>
}

/**
 * The vendor's Auth Proxy on 127.0.0.1 (a free port), in front of the vendor
 * emulator: it registers its own API key on a user of the parent organization
 * and reaches the emulator only through stamped public API requests.
 */
export async function startAuthProxy(
  vendor: Pick<
    Vendor,
    'url' | 'state' | 'parentOrganizationId' | 'clock' | 'signerPublicKey'
  >,
  { configs = [{}] }: StartAuthProxyParameters = {},
): Promise<AuthProxy> {
  const registry = new AuthProxyConfigs()
  const [first, ...others] = configs.length > 0 ? configs : [{}]
  const defaultConfig = registry.add(first)
  for (const init of others) registry.add(init)
  const server = createAuthProxyServer({
    configs: registry,
    vendor: createVendorCaller({
      url: vendor.url,
      apiKey: addProxyUser(vendor),
      clock: vendor.clock,
    }),
    parentOrganizationId: vendor.parentOrganizationId,
    signerPublicKey: vendor.signerPublicKey,
    clock: vendor.clock,
    faults: new Faults(),
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  const config = (configId = defaultConfig.configId) => {
    const found = registry.get(configId)
    if (!found) throw new RangeError(`no auth proxy config ${configId}`)
    return found
  }
  return {
    url: `http://127.0.0.1:${port}`,
    configId: defaultConfig.configId,
    allowedOrigins: defaultConfig.allowedOrigins,
    config,
    addConfig: (init) => registry.add(init),
    allowOrigin: (origin, configId = defaultConfig.configId) =>
      registry.allowOrigin(configId, origin),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
