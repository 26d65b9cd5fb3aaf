// @vitest-environment happy-dom
import { createConfig, http } from '@wagmi/core'
import { mainnet } from 'viem/chains'
import { expect, it, vi } from 'vitest'
import { FrameError } from '../turnkey/createFrameChannel.js'
import { passkeyWallet } from './passkeyWallet.js'

// A frame that never announces its key ends recovery after `frameTimeoutMs`, before the backend is asked.
it('a recovery frame that never answers: sendEmail rejects with FrameError after frameTimeoutMs, and recovery.start is never called', async () => {
  const start = vi.fn(async () => Response.json({}))
  const config = createConfig({
    chains: [mainnet],
    connectors: [
      passkeyWallet({
        organizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abc',
        createAccount: async () => Response.json({}),
        recovery: { start, frameUrl: 'https://frame.invalid' },
        frameTimeoutMs: 1000,
      }),
    ],
    transports: { [mainnet.id]: http() },
    storage: null,
  })
  const connector = config.connectors[0] as unknown as {
    getRecovery(): Promise<{
      sendEmail(request: { email: string; type: 'email' }): Promise<void>
    }>
  }
  const flow = await connector.getRecovery()
  const error = await flow
    .sendEmail({ email: 'ada@example.com', type: 'email' })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(FrameError)
  expect(error).toMatchObject({
    frame: 'recovery',
    reason: 'timeout',
    shortMessage: 'The recovery frame did not respond. Please try again.',
    details: 'no answer from https://frame.invalid within 1000 ms',
  })
  expect(start).not.toHaveBeenCalled()
  expect(document.querySelectorAll('iframe')).toHaveLength(0)
})
