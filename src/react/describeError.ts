import { BaseError as ViemBaseError } from 'viem'

/** The sentence a panel shows for a failure: plain words, the spec's messages as they are. */
export function describeError(error: Error): string {
  const chain: unknown[] = []
  if (error instanceof ViemBaseError)
    error.walk((e) => {
      chain.push(e)
      return false
    })
  else chain.push(error)
  const names = chain.map((e) => (e as { name?: string }).name)
  if (names.includes('UserRejectedRequestError'))
    return 'The passkey prompt was closed. Nothing was changed; try again when you are ready.'
  const badCode = chain.find(
    (e) => (e as { name?: string }).name === 'InvalidEmailCodeError',
  ) as { attemptsLeft?: number; newCodeNeeded?: boolean } | undefined
  if (badCode) {
    // The pack's sentence, then what the user can do next when the vendor says.
    if (badCode.newCodeNeeded)
      return 'The code is invalid or expired. Send a new code.'
    if (badCode.attemptsLeft !== undefined)
      return `The code is invalid or expired. ${badCode.attemptsLeft} ${badCode.attemptsLeft === 1 ? 'try' : 'tries'} left.`
    return 'The code is invalid or expired.'
  }
  if (names.includes('WebauthnNotSupportedError'))
    return 'Webauthn is not supported on this device'
  if (error.name === 'TypeError' && /fetch/i.test(error.message))
    return 'The network is unreachable. Check your connection and try again.'
  const shortMessage = (error as { shortMessage?: unknown }).shortMessage
  return typeof shortMessage === 'string' && shortMessage
    ? shortMessage
    : error.message.split('\n')[0] || 'Cannot proceed with your request'
}
