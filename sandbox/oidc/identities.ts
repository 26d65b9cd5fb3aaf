/** A person the sandbox identity provider signs in: the claims its ID tokens carry. */
export type TestIdentity = {
  /** The stable subject id, as Google's numeric ones. */
  sub: string
  email: string
  /** Whether the provider vouches for the address; Carol's is not. */
  email_verified: boolean
  name: string
}

/** The people the sign-in page lists, the same for every client. */
export const testIdentities: readonly TestIdentity[] = [
  {
    sub: '110000000000000000001',
    email: 'alice@example.com',
    email_verified: true,
    name: 'Alice Example',
  },
  {
    sub: '110000000000000000002',
    email: 'bob@example.com',
    email_verified: true,
    name: 'Bob Example',
  },
  {
    sub: '110000000000000000003',
    email: 'carol@example.com',
    email_verified: false,
    name: 'Carol Unverified',
  },
]

/**
 * The listed person of this `sub`, or a person of one's own: any id of
 * lower-case letters, digits and dashes, with a verified address under it.
 */
export const findIdentity = (sub: unknown): TestIdentity | undefined =>
  testIdentities.find((identity) => identity.sub === sub) ??
  (typeof sub === 'string' && /^[a-z0-9-]{1,64}$/.test(sub)
    ? {
        sub,
        email: `${sub}@example.com`,
        email_verified: true,
        name: sub,
      }
    : undefined)
