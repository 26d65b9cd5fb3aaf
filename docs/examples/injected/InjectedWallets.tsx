'use client'
import { useInjectedWallets } from 'wagmi-connector-pack/react'

export function InjectedWallets() {
  useInjectedWallets({ exclude: ['rabby'] }) // the same parameters as injectedWallets()
  return null
}
