import { useEffect, useState } from 'react'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Seconds left until `expiresAt` (unix seconds), updated every second; `undefined` without a deadline. */
export function useCountdown(expiresAt: number | undefined) {
  const [now, setNow] = useState<number | undefined>(undefined)
  useEffect(() => {
    if (expiresAt === undefined) return
    setNow(nowSeconds())
    const timer = setInterval(() => setNow(nowSeconds()), 1000)
    return () => clearInterval(timer)
  }, [expiresAt])
  if (expiresAt === undefined || now === undefined) return undefined
  return Math.max(0, expiresAt - now)
}
