import type { Page } from '@playwright/test'

/** The vendor calls the page makes from now on, as `query/<name>` or `submit/<name>`. */
export function vendorRequests(page: Page, vendorUrl: string) {
  const paths: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(vendorUrl) && request.method() === 'POST')
      paths.push(new URL(request.url()).pathname.replace('/public/v1/', ''))
  })
  return paths
}

/** The Auth Proxy endpoints the page calls from now on (requests naming a proxy config). */
export function proxyRequests(page: Page) {
  const endpoints: string[] = []
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.headers()['x-auth-proxy-config-id']
    )
      endpoints.push(new URL(request.url()).pathname.replace('/v1/', ''))
  })
  return endpoints
}
