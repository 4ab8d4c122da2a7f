// @vitest-environment node
/**
 * The weapp transport for real: socket.io-client 4 over Taro.connectSocket (here a SocketTask made of a Node `ws`
 * socket, as the mini-program's would behave) against a socket.io 4 server speaking the chat's wire shape.
 */
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Taro from '@tarojs/taro'
import { Server } from 'socket.io'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createLiveClient } from '../../src/features/live/chat/client'
import { openSocket, TaroSocket } from '../../src/services/live/socket.weapp'
import { snapshot } from './live-fake-socket'

let http: HttpServer
let io: Server
let origin = ''
const received: unknown[] = []

/** A weapp SocketTask over a Node WebSocket. */
function socketTask(url: string) {
  const ws = new WebSocket(url)
  return {
    onOpen: (fn: (r: object) => void) => ws.on('open', () => fn({})),
    onMessage: (fn: (r: { data: string | ArrayBuffer }) => void) =>
      ws.on('message', (data, binary) =>
        fn({ data: binary ? ((data as Buffer).buffer as ArrayBuffer) : data.toString() }),
      ),
    onError: (fn: (r: { errMsg: string }) => void) => ws.on('error', (e) => fn({ errMsg: String(e) })),
    onClose: (fn: (r: { code: number; reason: string }) => void) =>
      ws.on('close', (code, reason) => fn({ code, reason: reason.toString() })),
    send: ({ data }: { data: string | ArrayBuffer }) => ws.send(data),
    close: () => ws.close(),
  }
}

const connectSocket = vi.fn(async ({ url }: { url: string }) => socketTask(url))

beforeAll(async () => {
  ;(Taro as unknown as { connectSocket: typeof connectSocket }).connectSocket = connectSocket
  http = createServer()
  io = new Server(http, { path: '/socket.io', transports: ['websocket'] })
  io.of('/chat').on('connection', (socket) => {
    socket.on('message', (raw: string, ack: (r: unknown) => void) => {
      const e = JSON.parse(raw) as { EVENT: string }
      received.push(e)
      if (e.EVENT === 'LOGIN') {
        ack({ ok: true, room: snapshot({ bulletin: 'welcome' }) })
        socket.emit('message', JSON.stringify({ EVENT: 'BULLETIN', content: 'from the server' }))
      } else if (e.EVENT === 'SPEAK') {
        ack({ ok: true, id: 4242 })
      } else ack({ ok: true })
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})

afterAll(async () => {
  io.close()
  await new Promise((resolve) => http.close(resolve))
})

describe('socket.io-client over Taro.connectSocket', () => {
  it('connects over the websocket transport, sends with acks and receives the server’s events', async () => {
    const client = createLiveClient({
      userId: 7,
      channelId: 5,
      sessionId: 50,
      roomId: '1001:5:50',
      userName: 'Me',
      avatarUrl: '',
      origin,
      namespace: '/chat',
      path: '/socket.io',
      fetchToken: async () => 'weapp-token',
      socketFactory: openSocket,
      toast: () => undefined,
    })
    client.start()
    await vi.waitFor(() => expect(client.getState().status).toBe('online'), { timeout: 5000 })
    expect(connectSocket).toHaveBeenCalledTimes(1)
    expect(connectSocket.mock.calls[0]![0].url).toMatch(
      /^ws:\/\/127\.0\.0\.1:\d+\/socket\.io\/\?EIO=4&transport=websocket/,
    )
    expect(received[0]).toEqual({ EVENT: 'LOGIN', token: 'weapp-token' })
    await vi.waitFor(() => expect(client.getState().bulletin).toBe('from the server'))
    expect(await client.speak('hello from weapp')).toEqual({ ok: true })
    expect(client.getState().messages.map((m) => m.id)).toEqual([4242])
    client.stop()
  })

  it('a socket closed before Taro hands over its task is closed when the task comes', async () => {
    const close = vi.fn()
    let give: (t: ReturnType<typeof socketTask>) => void = () => undefined
    connectSocket.mockImplementationOnce(() => new Promise((resolve) => (give = resolve)))
    const s = new TaroSocket('ws://127.0.0.1:1/x')
    s.close()
    give({ ...socketTask(`${origin.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`), close })
    await vi.waitFor(() => expect(close).toHaveBeenCalled())
  })

  it('a refused connectSocket reports an error and a close', async () => {
    connectSocket.mockRejectedValueOnce({ errMsg: 'connectSocket:fail' })
    const s = new TaroSocket('ws://127.0.0.1:1/x')
    const events: string[] = []
    s.onerror = () => events.push('error')
    s.onclose = () => events.push('close')
    await vi.waitFor(() => expect(events).toEqual(['error', 'close']))
  })
})
