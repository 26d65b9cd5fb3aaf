/**
 * The value below which a share `p` of the samples fall (nearest rank), to
 * 0.1 ms: `percentile(samples, 0.5)` is the median every table reports.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('percentile: no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const value =
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
  return Math.round(value * 10) / 10
}
