import { encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import { createConfig, http, useSendCalls, useWaitForCallsStatus } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { createAccount } from '../backend/calls'

export const config = createConfig({
  chains: [mainnet, base],
  connectors: [
    passkeyWallet({
      organizationId: '<parent org>',
      session: { profileId: '<session profile>' },
      createAccount,
      // Your Gas Station pays on Base; on Ethereum the user pays. `true` sponsors every batch.
      sponsorship: { chainIds: [base.id] },
    }),
  ],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})

const token = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const router = '0x2626664c2603336E57B271c5C0b26F421741e481'

/** Approve, then pay, in one confirmation: one transaction, both calls or neither. */
export function PayButton({ amount }: { amount: string }) {
  const { mutate: sendCalls, data, error } = useSendCalls()
  const { data: status } = useWaitForCallsStatus({ id: data?.id })
  const value = parseUnits(amount, 6)
  return (
    <>
      <button
        type="button"
        onClick={() =>
          sendCalls({
            chainId: base.id,
            calls: [
              {
                to: token,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'approve',
                  args: [router, value],
                }),
              },
              {
                to: token,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'transfer',
                  args: [router, value],
                }),
              },
            ],
          })
        }
      >
        Pay
      </button>
      {error && <p role="alert">{error.message}</p>}
      {status?.status === 'success' && <p>Paid.</p>}
      {status?.status === 'failure' && (
        <p role="alert">
          Nothing was paid:{' '}
          {status.capabilities?.failure?.reason ?? 'the batch failed'}
        </p>
      )}
    </>
  )
}
