import * as wagmi from '@wagmi/core'

/**
 * wagmi 3's `getConnection`, or wagmi 2's `getAccount` (3 keeps it as an
 * alias): the connectors' suites run on both majors.
 */
export const getConnection: typeof wagmi.getConnection =
  wagmi.getConnection ?? wagmi.getAccount
