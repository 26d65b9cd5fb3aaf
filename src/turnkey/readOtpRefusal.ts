import { AuthProxyError } from './AuthProxyError.js'
import { grpcCode } from './grpcCode.js'

/** How the Auth Proxy refused a code: tries left, or a new code needed. */
export type OtpRefusal = {
  /** The proxy's own words. */
  reason: string
  attemptsLeft: number | undefined
  newCodeNeeded: boolean
}

/**
 * The Auth Proxy's `otp_verify` refusing the code the user typed (the
 * vendor's gRPC code 3 with tries left, 9 or an unknown OTP for a new code),
 * or undefined for any other failure.
 */
export function readOtpRefusal(error: unknown): OtpRefusal | undefined {
  if (
    !(error instanceof AuthProxyError) ||
    error.endpoint !== 'otp_verify' ||
    (error.status !== 400 && error.status !== 404)
  )
    return undefined
  const message = error.proxyMessage ?? ''
  const left = /(\d+) attempts? left/i.exec(message)?.[1]
  const newCodeNeeded =
    error.status === 404 ||
    error.proxyCode === grpcCode.failedPrecondition ||
    error.proxyCode === grpcCode.notFound
  if (
    left === undefined &&
    !newCodeNeeded &&
    error.proxyCode !== grpcCode.invalidArgument
  )
    return undefined
  return {
    reason: `the Auth Proxy refused the code: ${message}`,
    attemptsLeft: left === undefined ? undefined : Number(left),
    newCodeNeeded,
  }
}
