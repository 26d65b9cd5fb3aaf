import {
  type AuthProxyConfig,
  type AuthProxyConfigInit,
  allowsOrigin,
  createAuthProxyConfig,
  exactOrigin,
} from './AuthProxyConfig.js'

/** The proxy's configs by id; tests and the playground may add configs and origins while it runs. */
export class AuthProxyConfigs {
  private readonly byId = new Map<string, AuthProxyConfig>()

  add(init?: AuthProxyConfigInit): AuthProxyConfig {
    const config = createAuthProxyConfig(init)
    if (this.byId.has(config.configId))
      throw new RangeError(`auth proxy config ${config.configId} exists`)
    this.byId.set(config.configId, config)
    return config
  }

  get(configId: string): AuthProxyConfig | undefined {
    return this.byId.get(configId)
  }

  /** Lets pages on `origin` use config `configId` (a page whose port is known only once it listens). */
  allowOrigin(configId: string, origin: string) {
    const config = this.byId.get(configId)
    if (!config) throw new RangeError(`no auth proxy config ${configId}`)
    const exact = exactOrigin(origin)
    if (!config.allowedOrigins.includes(exact))
      config.allowedOrigins.push(exact)
  }

  /** Whether some config lets `origin` in: the CORS preflight, which carries no config id, asks this. */
  anyAllows(origin: string | undefined): boolean {
    return [...this.byId.values()].some((config) =>
      allowsOrigin(config, origin),
    )
  }
}
