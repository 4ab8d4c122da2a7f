/**
 * The app's one socket door, H5: the transport of the chat core (shared/live) over socket.io-client and the browser's
 * WebSocket; no polling, so no sticky sessions are needed (LIVE.md).
 */
import { io } from 'socket.io-client'
import { type ChatTransport, SOCKET_TIMEOUT_MS } from '../../../shared/live/transport'

export const openSocket: ChatTransport = (url, path) =>
  io(url, {
    path,
    transports: ['websocket'],
    // the live client reconnects itself after a random 2-5 s with a fresh token (spec §4)
    reconnection: false,
    autoConnect: false,
    forceNew: true,
    timeout: SOCKET_TIMEOUT_MS,
  })
