/**
 * Where the live room's server-side things are: the chat socket and the HLS playlists are paths on the API's
 * origin (getChannelBasicInfo's chatNamespace/chatPath and stream.hlsUrl). With an absolute apiBase (weapp, or an
 * H5 build pointed at another host) that origin; with a relative one (H5 on the API's own host) this page's.
 */
import { tenantConfig } from '../../services/tenant/config'

/** The API's origin ('' when the API is on this page's origin). */
export function apiOrigin(apiBase: string = tenantConfig.apiBase): string {
  return /^https?:\/\/[^/]+/i.exec(apiBase)?.[0] ?? ''
}

/** A media path from the server as the player can load it (absolute URLs pass through). */
export function mediaUrl(path: string, apiBase: string = tenantConfig.apiBase): string {
  if (!path) return ''
  if (/^https?:\/\//i.test(path)) return path
  return `${apiOrigin(apiBase)}${path.startsWith('/') ? '' : '/'}${path}`
}
