import { expect, test } from '@playwright/test'
import {
  type Address,
  createTestClient,
  http,
  parseEther,
  serializeTransaction,
} from 'viem'
import { hashAuthorization } from 'viem/utils'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import { sandboxChains } from '../../sandbox/chains.js'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { sandboxClients } from '../helpers/sandboxClients.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']
const rpcUrls = JSON.parse(
  process.env.SANDBOX_RPC_URLS ?? '{}',
) as SandboxChainUrls

/** The contract an attacker wants the account delegated to, on every chain (chain id 0). */
const attackerContract: Address = `0x${'a7'.repeat(20)}`

/*
 * A script on the host's page (an XSS, a compromised dependency) takes the
 * stored session key and asks the vendor for what would outlive the session:
 * an EIP-7702 authorization (as a raw digest, and in its own encoding) and
 * a signed transaction. The pack's session profile refuses each; after the
 * disconnect the key is gone, and a later deposit stays the user's.
 */
test('a page script with the stored session key gets no EIP-7702 authorization nor signed transaction; after the disconnect a deposit stays the user’s', async ({
  page,
}) => {
  await page.goto('/harness/connector.html?connector=passkeyWallet')
  await page.waitForFunction(() => window.harness?.ready)
  await addVirtualAuthenticator(page)
  const address = (await page.evaluate(
    (name) => window.harness.signUp(name),
    `script-${Date.now()}`,
  )) as Address

  const digest = hashAuthorization({
    address: attackerContract,
    chainId: 0,
    nonce: 0,
  })
  const attempts = [
    {
      path: 'sign_raw_payload',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      parameters: {
        signWith: address,
        payload: digest,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    },
    {
      path: 'sign_raw_payload',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      parameters: {
        signWith: address,
        payload: JSON.stringify({
          address: attackerContract,
          chainId: '0',
          nonce: '1',
        }),
        encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
        hashFunction: 'HASH_FUNCTION_KECCAK256',
      },
    },
    {
      path: 'sign_raw_payloads',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
      parameters: {
        signWith: address,
        payloads: [digest],
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    },
    {
      // A transaction with a nonce ahead, to send after the session.
      path: 'sign_transaction',
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      parameters: {
        signWith: address,
        type: 'TRANSACTION_TYPE_ETHEREUM',
        unsignedTransaction: serializeTransaction({
          chainId: 1,
          nonce: 5,
          to: attackerContract,
          value: parseEther('1'),
          maxFeePerGas: 10n ** 9n,
          maxPriorityFeePerGas: 1n,
          gas: 21_000n,
        }).slice(2),
      },
    },
  ]

  // What the script runs: the key from IndexedDB, stamped as the vendor's API keys are.
  const script = (vendorUrl: string, requests: typeof attempts) =>
    page.evaluate(
      async ({ vendorUrl, requests }) => {
        const key = await new Promise<{
          privateKey: CryptoKey
          publicKey: string
          organizationId: string
        }>((resolve, reject) => {
          const opening = indexedDB.open('wagmi-connector-pack')
          opening.onerror = () => reject(opening.error)
          opening.onsuccess = () => {
            const all = opening.result
              .transaction('session-keys')
              .objectStore('session-keys')
              .getAll()
            all.onsuccess = () => resolve(all.result[0])
            all.onerror = () => reject(all.error)
          }
        })
        if (!key) return 'no key stored'
        const hex = (bytes: Uint8Array) =>
          [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
        const derInteger = (bytes: Uint8Array) => {
          let start = 0
          while (start < bytes.length - 1 && bytes[start] === 0) start++
          const trimmed = bytes.slice(start)
          const padded =
            trimmed[0]! & 0x80 ? new Uint8Array([0, ...trimmed]) : trimmed
          return new Uint8Array([0x02, padded.length, ...padded])
        }
        const answers: number[] = []
        for (const { path, type, parameters } of requests) {
          const body = JSON.stringify({
            type,
            timestampMs: String(Date.now()),
            organizationId: key.organizationId,
            parameters,
          })
          const raw = new Uint8Array(
            await crypto.subtle.sign(
              { name: 'ECDSA', hash: 'SHA-256' },
              key.privateKey,
              new TextEncoder().encode(body),
            ),
          )
          const r = derInteger(raw.slice(0, 32))
          const s = derInteger(raw.slice(32))
          const der = new Uint8Array([0x30, r.length + s.length, ...r, ...s])
          const stamp = btoa(
            JSON.stringify({
              publicKey: key.publicKey,
              scheme: 'SIGNATURE_SCHEME_TK_API_P256',
              signature: hex(der),
            }),
          )
            .replaceAll('+', '-')
            .replaceAll('/', '_')
            .replace(/=+$/, '')
          const answer = await fetch(`${vendorUrl}/public/v1/submit/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-stamp': stamp },
            body,
          })
          answers.push(answer.status)
        }
        return answers
      },
      { vendorUrl, requests },
    )

  // Each one refused by the vendor itself: the key is under the pack's session profile.
  expect(await script(vendor.url, attempts)).toEqual([403, 403, 403, 403])

  await page.evaluate(() => window.harness.disconnect())
  // The key is gone from the page (and revoked at the vendor): nothing left to try.
  expect(await script(vendor.url, attempts)).toBe('no key stored')

  // A deposit after the session: the account is still a plain account, and keeps it.
  const [ethereum] = sandboxChains(rpcUrls)
  const chain = sandboxClients()[1]
  const before = await chain.getBalance({ address })
  await createTestClient({
    chain: ethereum,
    mode: 'anvil',
    transport: http(),
  }).setBalance({ address, value: before + parseEther('1') })
  expect(await chain.getCode({ address })).toBeUndefined()
  expect(await chain.getBalance({ address })).toBe(before + parseEther('1'))
})
