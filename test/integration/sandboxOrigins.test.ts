import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../../sandbox/startSandbox.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import { signUp } from '../helpers/vendorUsers.js'

const host = 'https://app.example:3000'
const stranger = 'https://other.example'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ origins: [`${host}/`] })
})
afterAll(() => sandbox.stop())

const allowedBy = async (url: string, origin: string) =>
  (await fetch(url, { method: 'OPTIONS', headers: { origin } })).headers.get(
    'access-control-allow-origin',
  )

describe('a sandbox told a host origin (npm run sandbox -- --origin)', () => {
  it('lets the vendor API answer that page, and no other', async () => {
    const whoami = `${sandbox.vendor.url}/public/v1/query/whoami`
    expect(await allowedBy(whoami, host)).toBe(host)
    expect(await allowedBy(whoami, stranger)).toBeNull()
  })

  it('registers and signs with a passkey of that page, not of another', async () => {
    const passkey = new SoftwareAuthenticator({
      rpId: 'app.example',
      origin: host,
    })
    const user = await signUp(sandbox.vendor, `origin-${Date.now()}`, passkey)
    const whoami = await user.client.getWhoami({
      organizationId: user.organizationId,
    })
    expect(whoami.userId).toBe(user.userId)

    const foreign = new SoftwareAuthenticator({
      rpId: 'other.example',
      origin: stranger,
    })
    await expect(
      signUp(sandbox.vendor, `foreign-${Date.now()}`, foreign),
    ).rejects.toThrow('invalid authenticator attestation')
  })

  it('adds the page to the Auth Proxy’s default config and to the frame’s ancestors', async () => {
    expect(sandbox.authProxy.allowedOrigins).toContain(host)
    expect(sandbox.authProxy.allowedOrigins).not.toContain(stranger)
    const frame = await fetch(sandbox.exportFrameUrl)
    expect(frame.headers.get('content-security-policy')).toBe(
      `frame-ancestors http://localhost:* ${host}`,
    )
  })

  it('refuses an origin a browser could not use for passkeys, before starting anything', async () => {
    await expect(
      startSandbox({ origins: ['http://app.example'] }),
    ).rejects.toThrow('must be https (http only on localhost)')
  })
})
