import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { SandboxWalletPage } from './SandboxWalletPage.js'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SandboxWalletPage />
  </StrictMode>,
)
