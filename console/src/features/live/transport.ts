/**
 * The console's transport for the shared chat core (shared/live/transport.ts): socket.io-client over the browser's
 * WebSocket only (no polling, so no sticky sessions), socket.io's own reconnect off (the core reconnects after a
 * random 2-5 s with a fresh token). socket.io connects on creation; acks come through `timeout()` as `(err, res)`,
 * an error being left to the core's own ack timer.
 */
import { io } from 'socket.io-client'
import { CHAT_EVENT } from '../../../../contract/schemas/live-codes'
import { ACK_TIMEOUT_MS } from '../../../../shared/live/connection'
import { type ChatSocket, type ChatTransport, SOCKET_TIMEOUT_MS } from '../../../../shared/live/transport'

export const browserSocket: ChatTransport = (url, path): ChatSocket => {
  const s = io(url, {
    path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: SOCKET_TIMEOUT_MS,
  })
  return {
    on: ((event: string, fn: (...args: unknown[]) => void) => s.on(event, fn)) as ChatSocket['on'],
    emit: (_event, payload, ack) =>
      s.timeout(ACK_TIMEOUT_MS).emit(CHAT_EVENT, payload, (err: unknown, res: unknown) => {
        if (!err) ack(res)
      }),
    // socket.io connected on creation
    connect: () => undefined,
    disconnect: () => s.disconnect(),
    removeAllListeners: () => s.removeAllListeners(),
  }
}
