// icons.ts: the pack's connectors bring no icons; a host gives each wallet its own (here, drawn inline).
const drawn = (background: string, path: string) => ({
  iconBackground: background,
  iconUrl: `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${background}"/><path d="${path}" fill="#fff"/></svg>`,
  )}`,
})

export const passkeyIcon = drawn(
  '#3451d1',
  'M25 12a7 7 0 0 0-6.7 9.1L11 28.4V31h4v-2.5h2.5V26h2.4l1.4-1.4A7 7 0 1 0 25 12Zm2 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
)
export const walletConnectIcon = drawn(
  '#3b99fc',
  'M12.6 17.4c4.1-4 10.7-4 14.8 0l.5.5-1.9 1.9-.7-.7a7.9 7.9 0 0 0-10.6 0l-.8.7-1.9-1.9.6-.5Zm-2.7 3.3 1.7 1.7-4 3.9-1.7-1.7 4-3.9Zm20.2 0 4 3.9-1.7 1.7-4-3.9 1.7-1.7ZM14.7 26l5.3-5.2 5.3 5.2-1.7 1.7-3.6-3.5-3.6 3.5-1.7-1.7Z',
)
export const metamaskIcon = drawn(
  '#f6851b',
  'M10 11l8 6-1.5-3.6L10 11Zm20 0-6.5 2.4L22 17l8-6ZM13 25l2 5 4-1.2-6-3.8Zm14 0-6 3.8 4 1.2 2-5ZM15 19l-1 3 5 .2-.2-5.2L15 19Zm10 0-3.8-2 -.2 5.2 5-.2-1-3Z',
)
