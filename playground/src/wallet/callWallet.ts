import type { SandboxWalletView } from '../../sandboxWalletBackend.js'

/** Calls the playground's sandbox wallet; its refusals come back as errors in its words. */
export async function callWallet(
  route: 'state' | 'pair' | 'choices' | 'chain' | 'disconnect',
  body: Record<string, unknown> = {},
): Promise<SandboxWalletView> {
  const response = await fetch(`/api/wallet/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(answer.error)
  return answer
}
