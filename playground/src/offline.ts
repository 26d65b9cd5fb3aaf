// Offline: WalletConnect's SDK skips its Verify and telemetry services in test
// mode (it reads process.env.IS_VITEST and global in the browser). Imported
// first, so it is set before the SDK loads.
Object.assign(globalThis, {
  process: { env: { IS_VITEST: 'true' } },
  global: globalThis,
})
