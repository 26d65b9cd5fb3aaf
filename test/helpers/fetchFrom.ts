/** fetch as a page on `origin` sends it (node's fetch sends no Origin of its own). */
export function fetchFrom(origin: string): typeof fetch {
  return (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), origin },
    })
}
