/**
 * Why a handler answers something other than 200: the HTTP status, a stable
 * snake_case `code` and a sentence saying what to fix. Thrown inside the
 * handlers and turned into the JSON answer `{ code, message }`.
 */
export class Refusal extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>
  constructor(
    status: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'Refusal'
    this.status = status
    this.code = code
    this.headers = headers
  }
}

/** A 400 answer for one field of the body. */
export const badField = (code: string, message: string) =>
  new Refusal(400, code, message)
