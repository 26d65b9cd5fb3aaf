import { useState } from 'react'
import { type Address, encodeFunctionData, erc20Abi } from 'viem'
import {
  useCapabilities,
  useChainId,
  useConnection,
  useSendCalls,
  useWaitForCallsStatus,
} from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { TransferForm } from './TransferForm.js'
import { useTokenAddress } from './useTokenAddress.js'

/**
 * EIP-5792 through wagmi's own hooks: an approve and a transfer of the test
 * ERC-20 in one confirmation, paid by the user or, on the chains where the
 * wallet says so, by the app's Gas Station.
 */
export function SendCalls() {
  const token = useTokenAddress()
  const chainId = useChainId()
  // Asked when the user asks: with passkeyWallet the answer loads the code
  // that answers requests, which a page that only connects never needs.
  const [asked, setAsked] = useState(false)
  const capabilities = useCapabilities({ chainId, query: { enabled: asked } })
  const send = useSendCalls()
  // The batch's id rides in the address bar, so that after a reload the card
  // asks the wallet for its status again: an id is no secret, and a page that
  // keeps nothing in storage keeps the wallet's own storage the only one.
  const [batchId, setBatchId] = useState(
    () => new URLSearchParams(location.search).get('batch') ?? undefined,
  )
  const { isConnected } = useConnection()
  const status = useWaitForCallsStatus({
    id: batchId,
    pollingInterval: 250,
    // After a reload, asked once the wallet has reconnected.
    query: { enabled: isConnected },
  })
  const atomic = capabilities.data?.atomic?.status
  const canSponsor = capabilities.data?.sponsorship?.supported === true
  const call = (
    functionName: 'approve' | 'transfer',
    to: Address,
    amount: bigint,
  ) => ({
    to: token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName,
      args: [to, amount],
    }),
  })
  const failure = (
    status.data?.capabilities as { failure?: { reason?: string } } | undefined
  )?.failure?.reason
  return (
    <section className="card">
      <h2>Send calls (EIP-5792)</h2>
      <p className="hint" data-testid="calls-capabilities">
        {!asked ? (
          <button type="button" onClick={() => setAsked(true)}>
            Ask the wallet what it can do
          </button>
        ) : capabilities.isPending ? (
          'Asking the wallet what it can do…'
        ) : atomic === 'supported' ? (
          `Approve + transfer in one confirmation, all or nothing${canSponsor ? '; the app pays the fee on this chain' : ''}.`
        ) : (
          'This wallet sends the calls one by one on this chain.'
        )}
      </p>
      <TransferForm
        asset="SBX"
        label="Batch"
        action="Approve and transfer in one"
        defaultAmount="3"
        disabled={send.isPending}
        onSubmit={(to, amount) => {
          setBatchId(undefined)
          send.mutate(
            {
              calls: [
                call('approve', to, amount),
                call('transfer', to, amount),
              ],
              // A wallet without EIP-5792 gets the calls one by one (viem's fallback).
              experimental_fallback: true,
            },
            {
              onSuccess: ({ id }) => {
                setBatchId(id)
                const url = new URL(location.href)
                url.searchParams.set('batch', id)
                history.replaceState(history.state, '', url)
              },
            },
          )
        }}
      />
      {batchId && (
        <div className="status" data-testid="calls-status">
          <div>Batch {batchId.slice(0, 18)}…</div>
          {status.data?.status === 'success' ? (
            <div data-testid="calls-confirmed">
              Confirmed in{' '}
              {status.data.receipts?.length === 1
                ? 'one transaction'
                : `${status.data.receipts?.length} transactions`}
              :{' '}
              <span className="transactions">
                {status.data.receipts?.map(({ transactionHash }) => (
                  <span key={transactionHash} data-testid="calls-tx">
                    {transactionHash}
                  </span>
                ))}
              </span>
            </div>
          ) : status.data?.status === 'failure' ? (
            <div role="alert">
              Nothing was sent: {failure ?? 'the batch failed'}
            </div>
          ) : (
            !status.isError && <div>Waiting for the batch…</div>
          )}
        </div>
      )}
      <ErrorMessage error={send.error ?? status.error} />
    </section>
  )
}
