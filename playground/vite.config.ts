import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Started through startPlayground(), which adds the sandbox's addresses as `virtual:sandbox`.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react()],
  server: { host: '127.0.0.1' },
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
    ],
  },
})
