import type { Plugin } from 'vite'

const id = 'virtual:sandbox'
const resolvedId = `\0${id}`

/** Serves the running sandbox's addresses to the app as `virtual:sandbox`. */
export function sandboxModule(values: Record<string, unknown>): Plugin {
  return {
    name: 'wagmi-connector-pack:sandbox',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    load: (source) =>
      source === resolvedId
        ? Object.entries(values)
            .map(
              ([name, value]) =>
                `export const ${name} = ${JSON.stringify(value)}`,
            )
            .join('\n')
        : undefined,
  }
}
