/**
 * The app's one socket door, weapp: the transport of the chat core (shared/live) over the same socket.io-client,
 * its WebSocket transport fed by Taro.connectSocket. engine.io-client 6 takes transport classes in `transports`;
 * ours is its own WebSocket transport whose socket is a WebSocket-like adapter over a SocketTask (`weapp.socket.io`
 * does not work under Taro). The URL must be absolute (the tenant file's apiBase origin): the mini-program has no
 * page origin.
 */
import Taro from '@tarojs/taro'
import { io, WebSocket as WebSocketTransport } from 'socket.io-client'
import { type ChatTransport, SOCKET_TIMEOUT_MS } from '../../../shared/live/transport'

type Data = string | ArrayBuffer

/** The part of the browser WebSocket that engine.io's transport uses, over one SocketTask. */
export class TaroSocket {
  binaryType = 'arraybuffer'
  onopen: (() => void) | null = null
  onclose: ((e: { code: number; reason: string }) => void) | null = null
  onmessage: ((e: { data: Data }) => void) | null = null
  onerror: ((e: unknown) => void) | null = null
  private task: Taro.SocketTask | null = null
  private closed = false

  constructor(url: string) {
    const failed = (e: unknown) => {
      this.onerror?.(e)
      this.onclose?.({ code: 1006, reason: 'connect failed' })
    }
    let pending: unknown
    try {
      pending = Taro.connectSocket({ url })
    } catch (e) {
      Promise.resolve().then(() => failed(e))
      return
    }
    Promise.resolve(pending as Promise<Taro.SocketTask>).then((task) => {
      if (this.closed) {
        task.close({})
        return
      }
      this.task = task
      task.onOpen(() => this.onopen?.())
      task.onMessage((m) => this.onmessage?.({ data: m.data as Data }))
      task.onError((e) => this.onerror?.(e))
      task.onClose((e) => this.onclose?.({ code: e?.code ?? 1000, reason: e?.reason ?? '' }))
    }, failed)
  }

  send(data: Data): void {
    this.task?.send({ data })
  }

  close(): void {
    this.closed = true
    this.task?.close({})
  }
}

export class TaroWebSocketTransport extends WebSocketTransport {
  createSocket(uri: string): TaroSocket {
    return new TaroSocket(uri)
  }
}

export const openSocket: ChatTransport = (url, path) =>
  io(url, {
    path,
    transports: [TaroWebSocketTransport],
    reconnection: false,
    autoConnect: false,
    forceNew: true,
    timeout: SOCKET_TIMEOUT_MS,
  })
