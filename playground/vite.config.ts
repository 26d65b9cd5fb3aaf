import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Started through startPlayground(), which adds the sandbox's addresses as `virtual:sandbox`.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react()],
  // The playground imports the package by its public names, served from source.
  resolve: {
    alias: {
      'wagmi-connector-pack/passkey': new URL(
        '../src/exports/passkey.ts',
        import.meta.url,
      ).pathname,
      'wagmi-connector-pack/social-login': new URL(
        '../src/exports/social-login.ts',
        import.meta.url,
      ).pathname,
      'wagmi-connector-pack/walletconnect': new URL(
        '../src/exports/walletconnect.ts',
        import.meta.url,
      ).pathname,
      'wagmi-connector-pack/injected': new URL(
        '../src/exports/injected.ts',
        import.meta.url,
      ).pathname,
      'wagmi-connector-pack/react': new URL(
        '../src/exports/react.ts',
        import.meta.url,
      ).pathname,
      'wagmi-connector-pack/names': new URL(
        '../src/exports/names.ts',
        import.meta.url,
      ).pathname,
    },
  },
  server: { host: '127.0.0.1' },
  // Every page, for a build (the dev server serves any page it is asked for).
  build: {
    rolldownOptions: {
      input: [
        'index.html',
        'wallet.html',
        'harness/connector.html',
        'harness/export.html',
        'harness/vendor.html',
      ].map((page) => new URL(page, import.meta.url).pathname),
    },
  },
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react/jsx-dev-runtime',
      '@tanstack/react-query',
      'wagmi',
      'wagmi/connectors',
      'viem',
      'viem/accounts',
      'viem/chains',
      '@turnkey/sdk-browser',
      '@walletconnect/sign-client',
      // wagmi's walletConnect(), the bench's reference on the harness pages.
      '@walletconnect/ethereum-provider',
      'qrcode',
    ],
  },
})
