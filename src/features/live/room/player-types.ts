/** The live room's video (player.h5.tsx: <video> + hls.js; player.weapp.tsx: the native <video>). */
export interface LivePlayerProps {
  id: string
  /** the HLS playlist (an absolute URL or a path on this origin) */
  src: string
  /** a live stream (no progress bar) rather than a recording */
  live: boolean
  poster?: string
  /** resume here (seconds, recordings only) */
  initialTime?: number
  /** playing / paused as the video element says (the heartbeat's `playing`) */
  onPlaying?: (playing: boolean) => void
  /** the position, in seconds, as it advances */
  onTime?: (position: number) => void
  /** the stream could not be played: load failure, or no way to play HLS here */
  onError?: (kind: 'load' | 'unsupported') => void
}

export interface LivePlayerHandle {
  play: () => void
  pause: () => void
  seek: (position: number) => void
}

/** Fatal network errors retried this many times (a live stream's playlist appears a few seconds after it starts). */
export const LOAD_RETRIES = 5
export const RETRY_MS = 3000
