import { passkeyBackend } from '../config.js'

/** Which sign-up and recovery the passkey wallet uses; switching reloads the page with the other config. */
export function BackendChoice() {
  const href = (backend: 'host' | 'proxy') => {
    const url = new URL(location.href)
    if (backend === 'proxy') url.searchParams.set('backend', 'proxy')
    else url.searchParams.delete('backend')
    return `${url.pathname}${url.search}`
  }
  return (
    <nav aria-label="Passkey wallet backend">
      Passkey sign-up and recovery:{' '}
      {passkeyBackend === 'host' ? (
        <strong aria-current="page">your backend</strong>
      ) : (
        <a href={href('host')}>your backend</a>
      )}{' '}
      ·{' '}
      {passkeyBackend === 'proxy' ? (
        <strong aria-current="page">no backend (Auth Proxy)</strong>
      ) : (
        <a href={href('proxy')}>no backend (Auth Proxy)</a>
      )}
    </nav>
  )
}
