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

/** Seconds as "m:ss" (or "h:mm:ss"), for countdowns a screen reader can read out. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const s = String(seconds % 60).padStart(2, '0')
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}:${s}`
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${s}`
}
