/** One entry of Vite's build manifest (`.vite/manifest.json`). */
type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

export type ViteManifest = Record<string, ManifestChunk>

/**
 * The files a page loads before anything else happens: the chunks of
 * `entries` and every chunk they import statically, transitively (no
 * dynamic import).
 */
export function firstLoadFiles(
  manifest: ViteManifest,
  entries: readonly string[],
): string[] {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const entry of entries) visit(entry)
  return [...files]
}
