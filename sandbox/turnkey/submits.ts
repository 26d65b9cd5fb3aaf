import { randomUUID } from 'node:crypto'
import { checkSignupSignature } from './checkSignupSignature.js'
import { givenEmail, sameEmail } from './emails.js'
import type { EndpointContext, SubmitEndpoint } from './endpoint.js'
import { type ApiKey, touch, type User } from './model.js'
import { oauthProvidersFrom } from './oauthProviders.js'
import { isCompressedP256PublicKey } from './p256.js'
import { readUsableVerificationToken } from './readUsableVerificationToken.js'
import {
  type RawPayloadParams,
  signEthereumTransaction,
  signRawPayload,
} from './signing.js'
import { badRequest, list, notFound } from './VendorError.js'
import type { VerificationTokenClaims } from './verificationTokens.js'
import {
  type AuthenticatorParams,
  verifyAttestation,
} from './verifyAttestation.js'
import { addAccounts, createWallet, signerFor } from './wallets.js'

const type = (suffix: string) => `ACTIVITY_TYPE_${suffix}`

function apiKeysFrom(value: unknown, nowMs: number): ApiKey[] {
  return list(value).map((params) => {
    const { apiKeyName, publicKey, expirationSeconds } = (params ??
      {}) as Record<string, unknown>
    if (typeof apiKeyName !== 'string' || !isCompressedP256PublicKey(publicKey))
      throw badRequest('bad request body')
    const expiry =
      expirationSeconds === undefined ? undefined : Number(expirationSeconds)
    if (expiry !== undefined && !(Number.isInteger(expiry) && expiry > 0))
      throw badRequest('invalid expiration seconds')
    return {
      apiKeyId: randomUUID(),
      apiKeyName,
      publicKey,
      type: 'CREDENTIAL_TYPE_API_KEY_P256',
      createdAtMs: nowMs,
      expirationSeconds: expiry,
    }
  })
}

function authenticatorsFrom(value: unknown, context: EndpointContext) {
  return Promise.all(
    list(value).map((params) =>
      verifyAttestation(params as AuthenticatorParams, {
        nowMs: context.nowMs,
        relyingParties: context.relyingParties,
      }),
    ),
  )
}

async function createRootUser(
  params: unknown,
  context: EndpointContext,
): Promise<User> {
  const {
    userName,
    userEmail,
    userPhoneNumber,
    apiKeys,
    authenticators,
    oauthProviders,
  } = (params ?? {}) as Record<string, unknown>
  if (typeof userName !== 'string') throw badRequest('bad request body')
  return {
    userId: randomUUID(),
    userName,
    userEmail:
      typeof userEmail === 'string'
        ? givenEmail(userEmail, 'userEmail')
        : undefined,
    userPhoneNumber:
      typeof userPhoneNumber === 'string' ? userPhoneNumber : undefined,
    userTags: [],
    apiKeys: apiKeysFrom(apiKeys ?? [], context.nowMs),
    authenticators: await authenticatorsFrom(authenticators ?? [], context),
    oauthProviders: await oauthProvidersFrom(oauthProviders ?? [], context),
    createdAtMs: context.nowMs,
    updatedAtMs: context.nowMs,
  }
}

/**
 * The verification token a sub-organization's creation spends, if any: issued
 * to the creating organization for the email of one of the root users, with
 * the client signature of its key over that user's parameters. Without a
 * token the email stays unverified, as the vendor allows.
 */
function verifiedSignUp(
  context: EndpointContext,
  {
    verificationToken,
    clientSignature,
    rootUserParams,
  }: {
    verificationToken: unknown
    clientSignature: unknown
    rootUserParams: unknown[]
  },
): VerificationTokenClaims | undefined {
  if (verificationToken === undefined) {
    if (clientSignature !== undefined)
      throw badRequest(
        'clientSignature is only accepted with the verificationToken it signs for',
      )
    return undefined
  }
  const claims = readUsableVerificationToken(verificationToken, context, [
    context.organization.organizationId,
  ])
  const rootUser = (rootUserParams as Record<string, unknown>[]).find(
    ({ userEmail }) =>
      typeof userEmail === 'string' && sameEmail(userEmail, claims.contact),
  )
  if (!rootUser)
    throw badRequest(
      'the email the verification token verified is not the userEmail of any root user',
    )
  checkSignupSignature({ clientSignature, claims, rootUser })
  return claims
}

/** The users whose email a spent verification token proved. */
function markVerified(users: User[], contact: string) {
  for (const user of users)
    if (sameEmail(user.userEmail, contact)) user.emailVerified = true
}

/** Sets a user's email; a proof comes only with `update_user_email`'s token, and a change drops the old one. */
function setEmail(user: User, email: string, proven: boolean) {
  const next = givenEmail(email, 'userEmail')
  if (proven) user.emailVerified = true
  else if (!sameEmail(next, user.userEmail)) user.emailVerified = false
  user.userEmail = next
}

function signer(context: EndpointContext, signWith: unknown) {
  return signerFor(context.organization, signWith).privateKey
}

/** The activity endpoints, by path name under /public/v1/submit/. */
export const submits: Record<string, SubmitEndpoint> = {
  create_sub_organization: {
    kind: 'submit',
    resultKeys: {
      [type('CREATE_SUB_ORGANIZATION_V8')]: 'createSubOrganizationResultV8',
      [type('CREATE_SUB_ORGANIZATION_V7')]: 'createSubOrganizationResultV7',
    },
    async handle(
      context,
      {
        subOrganizationName,
        rootQuorumThreshold,
        rootUsers,
        wallet,
        verificationToken,
        clientSignature,
        disableEmailRecovery,
        disableEmailAuth,
        disableOtpEmailAuth,
      },
    ) {
      if (context.organization.parentOrganizationId)
        throw badRequest('sub-organizations cannot create sub-organizations')
      if (typeof subOrganizationName !== 'string')
        throw badRequest('bad request body')
      const rootUserParams = list(rootUsers)
      const users = await Promise.all(
        rootUserParams.map((u) => createRootUser(u, context)),
      )
      const threshold = Number(rootQuorumThreshold)
      if (
        !Number.isInteger(threshold) ||
        threshold < 1 ||
        threshold > users.length
      )
        throw badRequest('invalid root quorum threshold')
      // After the last await: the token is checked and spent in one step.
      const verified = verifiedSignUp(context, {
        verificationToken,
        clientSignature,
        rootUserParams,
      })
      const created =
        wallet === undefined
          ? undefined
          : createWallet({
              ...(wallet as Record<string, unknown>),
              nowMs: context.nowMs,
            })
      const subOrganization = context.state.createOrganization({
        organizationName: subOrganizationName,
        parentOrganizationId: context.organization.organizationId,
        rootQuorumThreshold: threshold,
        nowMs: context.nowMs,
      })
      subOrganization.users = users
      subOrganization.rootUserIds = users.map((u) => u.userId)
      subOrganization.disabled = {
        emailRecovery: disableEmailRecovery === true,
        emailAuth: disableEmailAuth === true,
        otpEmailAuth: disableOtpEmailAuth === true,
      }
      if (created) subOrganization.wallets.push(created)
      if (verified) {
        context.state.consumedVerificationTokens.add(verified.id)
        markVerified(users, verified.contact)
      }
      return {
        subOrganizationId: subOrganization.organizationId,
        ...(created && {
          wallet: {
            walletId: created.walletId,
            addresses: created.accounts.map((a) => a.address),
          },
        }),
        rootUserIds: subOrganization.rootUserIds,
      }
    },
  },
  create_wallet: {
    kind: 'submit',
    resultKeys: { [type('CREATE_WALLET')]: 'createWalletResult' },
    handle(context, parameters) {
      const wallet = createWallet({ ...parameters, nowMs: context.nowMs })
      context.organization.wallets.push(wallet)
      return {
        walletId: wallet.walletId,
        addresses: wallet.accounts.map((a) => a.address),
      }
    },
  },
  create_wallet_accounts: {
    kind: 'submit',
    resultKeys: {
      [type('CREATE_WALLET_ACCOUNTS')]: 'createWalletAccountsResult',
    },
    handle(context, { walletId, accounts }) {
      const wallet = context.state.wallet(context.organization, walletId)
      return {
        addresses: addAccounts(wallet, accounts, context.nowMs).map(
          (a) => a.address,
        ),
      }
    },
  },
  create_authenticators: {
    kind: 'submit',
    resultKeys: {
      [type('CREATE_AUTHENTICATORS_V2')]: 'createAuthenticatorsResult',
    },
    async handle(context, { authenticators, userId }) {
      const user = context.state.user(context.organization, userId)
      const added = await authenticatorsFrom(authenticators, context)
      user.authenticators.push(...added)
      touch(user, context.nowMs)
      return { authenticatorIds: added.map((a) => a.authenticatorId) }
    },
  },
  delete_authenticators: {
    kind: 'submit',
    resultKeys: {
      [type('DELETE_AUTHENTICATORS')]: 'deleteAuthenticatorsResult',
    },
    handle(context, { userId, authenticatorIds }) {
      const user = context.state.user(context.organization, userId)
      const ids = list(authenticatorIds)
      for (const id of ids)
        if (!user.authenticators.some((a) => a.authenticatorId === id))
          throw notFound('no authenticator found with the given ID')
      user.authenticators = user.authenticators.filter(
        (a) => !ids.includes(a.authenticatorId),
      )
      touch(user, context.nowMs)
      return { authenticatorIds: ids }
    },
  },
  create_api_keys: {
    kind: 'submit',
    resultKeys: { [type('CREATE_API_KEYS_V2')]: 'createApiKeysResult' },
    handle(context, { apiKeys, userId }) {
      const user = context.state.user(context.organization, userId)
      const added = apiKeysFrom(apiKeys, context.nowMs)
      user.apiKeys.push(...added)
      touch(user, context.nowMs)
      return { apiKeyIds: added.map((k) => k.apiKeyId) }
    },
  },
  delete_api_keys: {
    kind: 'submit',
    resultKeys: { [type('DELETE_API_KEYS')]: 'deleteApiKeysResult' },
    handle(context, { userId, apiKeyIds }) {
      const user = context.state.user(context.organization, userId)
      const ids = list(apiKeyIds)
      for (const id of ids)
        if (!user.apiKeys.some((k) => k.apiKeyId === id))
          throw notFound('no api key found with the given ID')
      user.apiKeys = user.apiKeys.filter((k) => !ids.includes(k.apiKeyId))
      touch(user, context.nowMs)
      return { apiKeyIds: ids }
    },
  },
  update_user: {
    kind: 'submit',
    resultKeys: { [type('UPDATE_USER')]: 'updateUserResult' },
    handle(
      context,
      { userId, userName, userEmail, userPhoneNumber, userTagIds },
    ) {
      const user = context.state.user(context.organization, userId)
      // Check everything before changing anything.
      const tags = userTagIds === undefined ? undefined : list(userTagIds)
      for (const tag of tags ?? [])
        if (!context.organization.userTags.some((t) => t.userTagId === tag))
          throw notFound('no user tag found with the given ID')
      if (typeof userName === 'string' && userName) user.userName = userName
      // An empty string clears the field; the same email keeps its proof.
      if (typeof userEmail === 'string') setEmail(user, userEmail, false)
      if (typeof userPhoneNumber === 'string')
        user.userPhoneNumber = userPhoneNumber || undefined
      if (tags) user.userTags = tags as string[]
      touch(user, context.nowMs)
      return { userId: user.userId }
    },
  },
  update_user_email: {
    kind: 'submit',
    resultKeys: { [type('UPDATE_USER_EMAIL')]: 'updateUserEmailResult' },
    handle(context, { userId, userEmail, verificationToken }) {
      const user = context.state.user(context.organization, userId)
      if (typeof userEmail !== 'string') throw badRequest('bad request body')
      if (verificationToken === undefined) {
        setEmail(user, userEmail, false)
      } else {
        const claims = readUsableVerificationToken(verificationToken, context, [
          context.organization.organizationId,
          context.organization.parentOrganizationId,
        ])
        if (!sameEmail(claims.contact, userEmail))
          throw badRequest(
            'the email the verification token verified is not userEmail',
          )
        context.state.consumedVerificationTokens.add(claims.id)
        setEmail(user, userEmail, true)
      }
      touch(user, context.nowMs)
      return { userId: user.userId }
    },
  },
  create_user_tag: {
    kind: 'submit',
    resultKeys: { [type('CREATE_USER_TAG')]: 'createUserTagResult' },
    handle(context, { userTagName, userIds }) {
      if (typeof userTagName !== 'string') throw badRequest('bad request body')
      const users = list(userIds ?? []).map((id) =>
        context.state.user(context.organization, id),
      )
      const tag = { userTagId: randomUUID(), userTagName }
      context.organization.userTags.push(tag)
      for (const user of users) user.userTags.push(tag.userTagId)
      return { userTagId: tag.userTagId, userIds: users.map((u) => u.userId) }
    },
  },
  sign_raw_payload: {
    kind: 'submit',
    resultKeys: { [type('SIGN_RAW_PAYLOAD_V2')]: 'signRawPayloadResult' },
    handle: (context, { signWith, ...payload }) =>
      signRawPayload(signer(context, signWith), payload as RawPayloadParams),
  },
  sign_raw_payloads: {
    kind: 'submit',
    resultKeys: { [type('SIGN_RAW_PAYLOADS')]: 'signRawPayloadsResult' },
    async handle(context, { signWith, payloads, encoding, hashFunction }) {
      const privateKey = signer(context, signWith)
      return {
        signatures: await Promise.all(
          list(payloads).map((payload) =>
            signRawPayload(privateKey, { payload, encoding, hashFunction }),
          ),
        ),
      }
    },
  },
  sign_transaction: {
    kind: 'submit',
    resultKeys: { [type('SIGN_TRANSACTION_V2')]: 'signTransactionResult' },
    async handle(
      context,
      { signWith, unsignedTransaction, type: transactionType },
    ) {
      if (transactionType !== 'TRANSACTION_TYPE_ETHEREUM')
        throw badRequest(
          'only TRANSACTION_TYPE_ETHEREUM is supported by the sandbox',
        )
      return {
        signedTransaction: await signEthereumTransaction(
          signer(context, signWith),
          unsignedTransaction,
        ),
      }
    },
  },
}
