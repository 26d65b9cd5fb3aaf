import { startPlayground } from '../../playground/startPlayground.js'

/** The playground and its sandbox, once for the whole e2e run. */
export default async function globalSetup() {
  const playground = await startPlayground({
    port: 0,
    strictPort: true,
    build: true,
    kits: true,
  })
  process.env.PLAYGROUND_URL = playground.url
  process.env.SANDBOX_RPC_URLS = JSON.stringify(playground.sandbox.rpcUrls)
  // Tests play the host backend too, so they get the parent API key; pages never do.
  process.env.SANDBOX_RELAY_URL = playground.sandbox.relay.url
  process.env.SANDBOX_VENDOR = JSON.stringify(playground.sandbox.vendor)
  process.env.SANDBOX_EXPORT_FRAME_URL = playground.sandbox.exportFrameUrl
  return () => playground.stop()
}
