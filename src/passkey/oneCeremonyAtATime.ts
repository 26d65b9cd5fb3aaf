let open: Promise<void> | undefined

/**
 * Starts a passkey ceremony at once when none is open (still inside the
 * user's tap, which iOS requires), else once the open one has ended: the
 * browser shows one passkey prompt at a time, and a prompt left open by a
 * disconnect must not be joined by the next connect's or signature's.
 */
export function oneCeremonyAtATime<result>(
  ceremony: () => Promise<result>,
): Promise<result> {
  const started = open ? open.then(ceremony) : startNow(ceremony)
  const ended = started.then(
    () => undefined,
    () => undefined,
  )
  open = ended
  void ended.then(() => {
    if (open === ended) open = undefined
  })
  return started
}

function startNow<result>(ceremony: () => Promise<result>) {
  try {
    return ceremony()
  } catch (error) {
    return Promise.reject(error)
  }
}
