/**
 * Live video behind one interface (ARCHITECTURE.md "Third parties"): `local` = Debian nginx + libnginx-mod-rtmp
 * on this machine (RTMP in, HLS out, recordings turned into VOD playlists), `polyv` = the school's Polyv account
 * (calls signed on the server; the app never sees the secret). docs/DECISIONS.md "Live".
 */
import type { LiveEvents } from '../events'

export interface LiveChannelRef {
  tenantId: number
  channelId: number
  streamKey: string
  provider: 'local' | 'polyv'
  providerChannelId: string
}

export interface LiveRecordingRef {
  tenantId: number
  recordingId: number
  /** local: playlist path relative to the live data dir; polyv: their video id */
  path: string
}

export interface PushInfo {
  /** what the teacher pastes into OBS: server URL and stream key (with its publish sign) */
  server: string
  streamKey: string
  /** server + '/' + streamKey, for tools that take one URL */
  url: string
  /** epoch seconds after which the publish sign is refused */
  expiresAt: number
}

export interface LiveProvider {
  readonly name: 'local' | 'polyv'
  /** whether live video works on this server now (local: nginx-rtmp is running), with the reason when not */
  status(): { available: boolean; reason: string }
  /** the HLS URL a learner plays while the session is live ('' when the provider plays through its own player) */
  playUrl(channel: LiveChannelRef, userId: number): string
  /** the VOD playlist URL of a ready recording */
  playbackUrl(recording: LiveRecordingRef, userId: number): string
  /**
   * the teacher's push address for one class (local: the key's sign names the session, so the stream starts that
   * class and no other; polyv: read from their channel, hence async, and their channel decides)
   */
  pushInfo(channel: LiveChannelRef & { sessionId: number }, host?: string): Promise<PushInfo>
  /** start the provider's parts (local: write nginx.conf and start nginx); never throws: status() tells */
  start(events: LiveEvents): Promise<void>
  stop(): Promise<void>
}
