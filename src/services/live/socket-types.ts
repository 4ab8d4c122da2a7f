/** What the live client needs of a socket.io client socket (the real one, or a test double). */
import type { ChatAck } from '../../../contract/schemas/live-codes'

export interface SocketLike {
  readonly connected: boolean
  on(event: 'connect', fn: () => void): unknown
  on(event: 'disconnect', fn: (reason: string) => void): unknown
  on(event: 'connect_error', fn: (err: Error) => void): unknown
  on(event: 'message', fn: (raw: unknown) => void): unknown
  emit(event: 'message', payload: string, ack: (res: ChatAck) => void): unknown
  connect(): unknown
  disconnect(): unknown
  removeAllListeners(): unknown
}

/** Opens (lazily: autoConnect off) a socket to `url` (origin + namespace) on the socket.io `path`. */
export type SocketFactory = (url: string, path: string) => SocketLike

/** Spec §9: socket time-out 60 s (one connection attempt). The 30 s 'connect overtime' notice comes first. */
export const SOCKET_TIMEOUT_MS = 60_000
