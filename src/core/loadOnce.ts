/**
 * A value made once, on first use: `load()` starts making it (again, after a
 * failure: the next call tries again) and `value` holds it once made, for
 * code that must not await.
 */
export function loadOnce<value>(make: () => Promise<value>) {
  let made: value | undefined
  let making: Promise<value> | undefined
  return {
    get value() {
      return made
    },
    /** Being made, not yet there. */
    get loading() {
      return making !== undefined && made === undefined
    },
    load(): Promise<value> {
      making ??= make().then(
        (value) => {
          made = value
          return value
        },
        (error: unknown) => {
          making = undefined
          throw error
        },
      )
      return making
    },
    /** The value once made, without starting to make it: `undefined` if not started or failed. */
    async current(): Promise<value | undefined> {
      return making?.catch(() => undefined)
    },
  }
}

/** What `loadOnce` gives. */
export type LoadOnce<value> = ReturnType<typeof loadOnce<value>>
