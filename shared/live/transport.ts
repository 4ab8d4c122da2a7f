/**
 * The one thing the chat core (./connection.ts) needs of a platform: a socket.io client socket of the chat protocol
 * (contract/schemas/live-codes.ts: one `message` event each way, a JSON string `{EVENT, ...}`, every send acked).
 * One transport per platform: the app's H5 (browser WebSocket) and weapp (Taro.connectSocket) sockets in
 * src/services/live/socket.{h5,weapp}.ts, the console's browser socket in console/src/features/live/transport.ts, and
 * the tests' doubles. No Taro, no DOM here.
 */

/** What the core uses of one socket (the shape of socket.io-client's Socket, so the real one fits as it is). */
export interface ChatSocket {
  on(event: 'connect', fn: () => void): unknown
  on(event: 'disconnect', fn: (reason: string) => void): unknown
  on(event: 'connect_error', fn: (err: Error) => void): unknown
  on(event: 'message', fn: (raw: unknown) => void): unknown
  /** one event; `ack` gets the server's answer (the core times it out itself) */
  emit(event: 'message', payload: string, ack: (res: unknown) => void): unknown
  /** start connecting (a transport that connects on its own makes this a no-op) */
  connect(): unknown
  disconnect(): unknown
  removeAllListeners(): unknown
}

/** Opens a socket (not yet connected) to `url` (origin + namespace) on the socket.io `path`. */
export type ChatTransport = (url: string, path: string) => ChatSocket

/** Spec §9: socket time-out 60 s (one connection attempt). The 30 s 'connect overtime' notice comes first. */
export const SOCKET_TIMEOUT_MS = 60_000

/** The chat server's URL for socket.io: origin + namespace. */
export function chatUrl(origin: string, namespace: string): string {
  return `${origin.replace(/\/+$/, '')}${namespace.startsWith('/') ? namespace : `/${namespace}`}`
}
