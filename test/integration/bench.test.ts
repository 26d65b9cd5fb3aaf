import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)

it('npm run bench runs and reports the vendor emulator throughput', async () => {
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'bench', '--', '--quick'],
    {
      cwd: new URL('../../', import.meta.url).pathname,
    },
  )
  expect(stdout).toMatch(/Vendor emulator: sign_raw_payload/)
  const rates = [
    ...stdout.matchAll(
      /│\s*\d+\s*│\s*'(api key|passkey)'\s*│\s*(\d+)\s*│\s*[\d.]+\s*│\s*(\d+)/g,
    ),
  ]
  expect(rates.map(([, stamp]) => stamp)).toEqual(['api key', 'passkey'])
  for (const [, , requests, perSecond] of rates) {
    expect(Number(requests)).toBeGreaterThan(0)
    expect(Number(perSecond)).toBeGreaterThan(0)
  }
}, 60_000)
