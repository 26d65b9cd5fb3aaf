// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export { BaseError, type BaseErrorType } from '../core/errors.js'
export {
  accountNameChainId,
  type GetAccountNameParameters,
  getAccountName,
} from '../names/getAccountName.js'
