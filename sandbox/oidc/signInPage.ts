import type { TestIdentity } from './identities.js'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`)

/**
 * The sign-in page of one authorization request: a form per identity, and
 * one for a person of one's own by id (each test its own), posted back to
 * the interaction, so a browser and a script (fetch with the interaction's
 * cookies) sign in the same way.
 */
export function signInPage({
  action,
  clientName,
  identities,
}: {
  action: string
  clientName: string
  identities: readonly TestIdentity[]
}) {
  const choices = identities
    .map(
      (identity) => `
      <li><form method="post" action="${escapeHtml(action)}">
        <input type="hidden" name="sub" value="${escapeHtml(identity.sub)}">
        <button type="submit" data-sub="${escapeHtml(identity.sub)}">
          <strong>${escapeHtml(identity.name)}</strong> ${escapeHtml(identity.email)}${identity.email_verified ? '' : ' (email not verified)'}
        </button>
      </form></li>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sandbox sign-in</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
    ul { list-style: none; padding: 0; }
    li { margin: 0.5rem 0; }
    button { width: 100%; padding: 0.75rem; text-align: left; cursor: pointer; }
  </style>
</head>
<body>
  <h1>Sandbox identity provider</h1>
  <p>Sign in to <strong>${escapeHtml(clientName)}</strong> as one of the test identities.</p>
  <ul>${choices}
  </ul>
  <form method="post" action="${escapeHtml(action)}">
    <label>Someone else: a test person of your own, by id
      <input name="sub" required pattern="[a-z0-9]+(-[a-z0-9]+)*" maxlength="64" autocomplete="off">
    </label>
    <button type="submit">Sign in as this person</button>
  </form>
  <form method="post" action="${escapeHtml(action)}">
    <input type="hidden" name="cancel" value="1">
    <button type="submit" data-cancel>Cancel</button>
  </form>
</body>
</html>`
}
