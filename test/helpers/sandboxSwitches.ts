import type { Fault } from '../../sandbox/turnkey/Faults.js'
import type { Activity } from '../../sandbox/turnkey/model.js'

/** A request to a sandbox server's test switches (`/sandbox/…`); its JSON answer, thrown unless it is a 2xx. */
async function sandboxRequest(url: string, init?: RequestInit) {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json' },
  })
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${await response.text()}`)
  return response.json()
}

/**
 * The next request to `path` on the vendor or Auth Proxy emulator at
 * `serverUrl` meets `fault` (`options` such as `delayMs` say how).
 */
export const armFault = (
  serverUrl: string,
  path: string,
  fault: Fault['kind'],
  options: object = {},
) =>
  sandboxRequest(`${serverUrl}/sandbox/faults`, {
    method: 'POST',
    body: JSON.stringify({ path, fault, ...options }),
  })

/** Every fault armed on the emulator at `serverUrl` disarmed. */
export const clearFaults = (serverUrl: string) =>
  sandboxRequest(`${serverUrl}/sandbox/faults`, { method: 'DELETE' })

/** The vendor emulator at `vendorUrl` back to a parent organization with no accounts, no spent tokens (its session profiles stay). */
export const resetVendor = (vendorUrl: string) =>
  sandboxRequest(`${vendorUrl}/sandbox/reset`, {
    method: 'POST',
    body: '{}',
  })

/** Moves the vendor emulator's clock forward by `ms` (for good: it never goes back); its time after. */
export const advanceClock = async (vendorUrl: string, ms: number) =>
  (
    (await sandboxRequest(`${vendorUrl}/sandbox/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: ms }),
    })) as { nowMs: number }
  ).nowMs

/** An activity as the vendor emulator keeps it, as its switch answers it in JSON. */
export type VendorActivity = Pick<
  Activity,
  'id' | 'organizationId' | 'type' | 'status'
> & {
  intent: Record<string, any>
  result: Record<string, any>
}

/** Every activity the vendor emulator at `vendorUrl` has done, in every organization; of one type with `type`. */
export const vendorActivities = async (vendorUrl: string, type?: string) =>
  (
    (await sandboxRequest(
      `${vendorUrl}/sandbox/activities${type ? `?type=${type}` : ''}`,
    )) as { activities: VendorActivity[] }
  ).activities
