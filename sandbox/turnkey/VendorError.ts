/** An error as the vendor answers it: HTTP status plus `{code, message, details}` (gRPC code). */
export class VendorError extends Error {
  override name = 'VendorError'
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message)
  }

  toBody() {
    return { code: this.code, message: this.message, details: this.details }
  }
}

export const badRequest = (message: string) => new VendorError(400, 3, message)

/** A request field that must be a list: it, or 400 "bad request body". */
export function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw badRequest('bad request body')
  return value
}
export const unauthenticated = (message: string) =>
  new VendorError(401, 16, message)
export const forbidden = (message = 'request not authorized') =>
  new VendorError(403, 7, message)
export const notFound = (message: string) => new VendorError(404, 5, message)
export const unimplemented = (message: string) =>
  new VendorError(501, 12, message)
export const unavailable = (message: string) =>
  new VendorError(503, 14, message)
