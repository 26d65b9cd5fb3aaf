import { passkeyBackend } from '../config.js'

/** Which sign-up and recovery the passkey wallet uses; switching reloads the page with the other config. */
export function BackendChoice() {
  const href = (backend: 'host' | 'proxy') => {
    const url = new URL(location.href)
    if (backend === 'proxy') url.searchParams.set('backend', 'proxy')
    else url.searchParams.delete('backend')
    return `${url.pathname}${url.search}`
  }
  const choice = (backend: 'host' | 'proxy', text: string) =>
    passkeyBackend === backend ? (
      <strong aria-current="page">{text}</strong>
    ) : (
      <a href={href(backend)}>{text}</a>
    )
  return (
    <nav aria-label="Passkey wallet backend" className="segmented">
      <span>Passkey backend</span>
      {choice('host', 'your backend')}
      {choice('proxy', 'no backend (Auth Proxy)')}
    </nav>
  )
}
