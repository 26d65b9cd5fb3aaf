// app/layout.tsx: a server component; the wallet's state comes from the request's cookie.
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { cookieToInitialState } from 'wagmi'
import { walletSettings } from '../lib/settings'
import { getConfig } from '../lib/wagmiConfig'
import { Providers } from './providers'

export const metadata = { title: 'wagmi-connector-pack on Next.js' }

export default async function RootLayout({
  children,
}: {
  children: ReactNode
}) {
  const settings = walletSettings()
  const initialState = cookieToInitialState(
    getConfig(settings),
    (await headers()).get('cookie'),
  )
  return (
    <html lang="en">
      <body>
        <Providers settings={settings} initialState={initialState}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
