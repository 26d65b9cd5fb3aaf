/** A secret, as the frame shows it. */
export type Secret =
  | { kind: 'mnemonic'; mnemonic: string; passphrase?: string | undefined }
  | { kind: 'privateKey'; privateKey: string; address?: string | undefined }

function element<tag extends keyof HTMLElementTagNameMap>(
  tag: tag,
  text?: string,
  className?: string,
) {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

/**
 * The frame's only UI: the exported secret, selectable, with its label and a
 * warning, and an alert line for errors. Text only, never HTML.
 */
export function createSecretView(root: HTMLElement) {
  const secret = element('section')
  secret.setAttribute('aria-labelledby', 'secret-title')
  const alert = element('p', undefined, 'error')
  alert.setAttribute('role', 'alert')
  root.append(secret, alert)

  return {
    show(shown: Secret) {
      alert.textContent = ''
      const title = element(
        'h1',
        shown.kind === 'mnemonic' ? 'Secret recovery phrase' : 'Private key',
      )
      title.id = 'secret-title'
      const body: HTMLElement[] = []
      if (shown.kind === 'mnemonic') {
        const words = element('ol', undefined, 'secret words')
        for (const word of shown.mnemonic.trim().split(/\s+/))
          words.append(element('li', word))
        body.push(words)
        if (shown.passphrase)
          body.push(
            element('h2', 'Passphrase'),
            element('p', shown.passphrase, 'secret'),
          )
      } else {
        if (shown.address)
          body.push(element('p', `Account ${shown.address}`, 'account'))
        body.push(element('p', shown.privateKey, 'secret key'))
      }
      secret.replaceChildren(
        title,
        ...body,
        element(
          'p',
          'Anyone who sees this can take your funds. Write it down somewhere safe and never share it.',
          'warning',
        ),
      )
    },
    showError(message: string) {
      alert.textContent = message
    },
  }
}
