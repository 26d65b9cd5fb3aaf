import { describe, expect, it } from 'vitest'
import { skipVerify } from './skipVerify.js'

describe('skipVerify', () => {
  it("answers the SDK's register() with no attestation at once, as outside browsers", async () => {
    let opened = 0
    const verify = {
      register: async () => {
        opened++
        return 'attestation'
      },
    }
    const client = { core: { verify } }
    expect(skipVerify(client)).toBe(true)
    await expect(verify.register()).resolves.toBeUndefined()
    expect(opened).toBe(0)
  })

  it('changes nothing when the SDK has another shape', () => {
    expect(skipVerify({})).toBe(false)
    expect(skipVerify({ core: {} })).toBe(false)
  })
})
