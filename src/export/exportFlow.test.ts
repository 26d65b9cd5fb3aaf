// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { FlowStepError } from '../core/stepRunner.js'
import { createExportFlow } from './exportFlow.js'

/** A flow whose account never arrives: nothing reaches the frame or the vendor. */
function pendingFlow() {
  return createExportFlow({
    frameUrl: 'https://export.example.com',
    vendor: {
      query: () => Promise.reject(new Error('no vendor in this test')),
      submit: () => Promise.reject(new Error('no vendor in this test')),
    },
    passkeyStamper: () => {
      throw new Error('no passkey in this test')
    },
    account: () => new Promise(() => undefined),
  })
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FlowStepError)
  return error as FlowStepError
}

describe('createExportFlow', () => {
  it('refuses confirm() before request(), naming the steps in order', async () => {
    const flow = pendingFlow()
    const error = await refusal(flow.confirm())
    expect(error).toMatchObject({
      name: 'FlowStepError',
      code: 'flow_step',
      flow: 'export',
      action: 'confirm',
      step: 'idle',
    })
    expect(error.shortMessage).toBe(
      'confirm() cannot run while export is at "idle".',
    )
    expect(error.message).toContain(
      'Follow the steps in order: request, confirm; close() starts again.',
    )
    expect(flow.getSnapshot()).toEqual({
      step: 'idle',
      kind: undefined,
      error: undefined,
    })
  })

  it('refuses a new request() while the export is being verified', async () => {
    const flow = pendingFlow()
    flow.request('seed-phrase', document.createElement('div'))
    void flow.confirm()
    expect(flow.getSnapshot().step).toBe('verifying')
    let error: unknown
    try {
      flow.request('private-key', document.createElement('div'))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(FlowStepError)
    expect((error as FlowStepError).shortMessage).toBe(
      'request() cannot run while export is at "verifying".',
    )
    expect((error as FlowStepError).message).toMatch(
      /Follow the steps in order: request, confirm; close\(\) starts again\./,
    )
    expect(flow.getSnapshot()).toMatchObject({
      step: 'verifying',
      kind: 'seed-phrase',
    })
    flow.close()
    expect(flow.getSnapshot().step).toBe('idle')
  })

  it('refuses a second confirm() once the first is under way', async () => {
    const flow = pendingFlow()
    flow.request('private-key', document.createElement('div'))
    void flow.confirm()
    const error = await refusal(flow.confirm())
    expect(error.shortMessage).toBe(
      'confirm() cannot run while export is at "verifying".',
    )
    flow.close()
  })
})
