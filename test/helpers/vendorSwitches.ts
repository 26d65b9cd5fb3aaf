import { type Hex, hashMessage } from 'viem'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import type { Fault } from '../../sandbox/turnkey/Faults.js'
import {
  advanceClock,
  armFault,
  clearFaults,
  vendorActivities,
} from './sandboxSwitches.js'

/** The vendor emulator's test switches (sandbox/turnkey/adminRoutes.ts). */
export function vendorSwitches(vendor: Sandbox['vendor']) {
  /** Every activity of this type the vendor has, in every organization. */
  const activities = (type: string) => vendorActivities(vendor.url, type)
  return {
    /** The next request to `path` meets `fault` (the test names the scenario it makes, at its end). */
    async arm(path: string, fault: Fault['kind'], options: object = {}) {
      await armFault(vendor.url, path, fault, options)
    },
    clear: () => clearFaults(vendor.url),
    /** Moves the vendor's clock forward by `ms` (for good: it never goes back). */
    advanceClock: (ms: number) => advanceClock(vendor.url, ms),
    activities,
    /** Signing activities the vendor holds for this message, by status. */
    async signaturesOf(message: string) {
      const payload: Hex = hashMessage(message)
      return (await activities('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'))
        .filter((activity) =>
          Object.values(activity.intent).some(
            (intent) =>
              typeof intent.payload === 'string' &&
              intent.payload.toLowerCase() === payload,
          ),
        )
        .map((activity) => activity.status)
    },
  }
}
