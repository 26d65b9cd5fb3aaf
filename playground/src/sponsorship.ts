/**
 * The playground's answer to `passkeyWallet({ sponsorship })`: the "Send
 * calls" card's switch sets it before each batch. A host decides on its
 * server (docs/calls.md); here the user's choice stands in for that decision.
 */
export const sponsorshipChoice = { sponsor: false }
