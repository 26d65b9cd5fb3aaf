import { useEffect, useLayoutEffect, useState } from 'react'

type Theme = 'light' | 'dark'

const systemTheme = (): Theme =>
  matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'

/** The page's theme: the system's until the visitor picks one (kept for this page load only). */
export function useTheme() {
  const [picked, setPicked] = useState<Theme | undefined>()
  const [system, setSystem] = useState(systemTheme)
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => setSystem(systemTheme())
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  const theme = picked ?? system
  // Before the first paint: a dark system never flashes the light theme.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])
  return { theme, pick: setPicked }
}
