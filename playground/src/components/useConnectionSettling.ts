import { useConnection } from 'wagmi'

/**
 * Whether wagmi is still connecting or reconnecting. Its reconnect on page
 * load ends by setting the status, so a connect started before then would be
 * wiped: a host keeps its connect buttons disabled meanwhile.
 */
export function useConnectionSettling() {
  const { status } = useConnection()
  return status === 'connecting' || status === 'reconnecting'
}
