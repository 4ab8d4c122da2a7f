/** A socket.io client double for the live client (a shared/live ChatSocket): records what is sent, answers acks, pushes server events. */
import type { ChatAck, ChatMessage, ChatUser, RoomSnapshot } from '../../contract/schemas/live-codes'
import type { ChatSocket } from '../../shared/live/transport'

// biome-ignore lint/suspicious/noExplicitAny: listeners of any socket event
type Handler = (...args: any[]) => void

export interface Sent {
  EVENT: string
  [k: string]: unknown
}

export class FakeSocket implements ChatSocket {
  connected = false
  handlers = new Map<string, Handler[]>()
  sent: Sent[] = []
  connects = 0
  disconnects = 0
  /** answers each sent event; undefined = never answer */
  reply: (e: Sent) => ChatAck | undefined = (e) =>
    e.EVENT === 'LOGIN' ? { ok: true, room: snapshot() } : e.EVENT === 'SPEAK' ? { ok: true, id: 900 } : { ok: true }

  /** the server's next packets, sent right after an ack (the same turn) */
  afterAck: ((e: Sent) => void) | null = null

  constructor(
    readonly url: string,
    readonly path: string,
  ) {}

  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn])
    return this
  }
  emit(_event: 'message', payload: string, ack: (res: ChatAck) => void) {
    const e = JSON.parse(payload) as Sent
    this.sent.push(e)
    const r = this.reply(e)
    if (r)
      Promise.resolve().then(() => {
        ack(r)
        this.afterAck?.(e)
      })
    return this
  }
  connect() {
    this.connects += 1
    return this
  }
  disconnect() {
    this.disconnects += 1
    const was = this.connected
    this.connected = false
    if (was) this.fire('disconnect', 'io client disconnect')
    return this
  }
  removeAllListeners() {
    this.handlers.clear()
    return this
  }
  fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args)
  }
  /** the server accepted the connection */
  open() {
    this.connected = true
    this.fire('connect')
  }
  /** the connection dropped (server gone, network) */
  drop(reason = 'transport close') {
    this.connected = false
    this.fire('disconnect', reason)
  }
  /** a server event as the wire carries it: one JSON string */
  push(EVENT: string, body: object = {}) {
    this.fire('message', JSON.stringify({ EVENT, ...body }))
  }
  events(name: string): Sent[] {
    return this.sent.filter((s) => s.EVENT === name)
  }
}

export const ME: ChatUser = { userId: 7, nick: 'Me', pic: '', userType: 'student', actor: 'student' }
export const TEACHER: ChatUser = { userId: 1, nick: 'Teacher Li', pic: '', userType: 'teacher', actor: 'lecturer' }

export function snapshot(over: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    roomId: '1001:5:50',
    sessionId: 50,
    channelId: 5,
    me: ME,
    playback: false,
    state: 'live',
    chatClosed: false,
    bulletin: '',
    likes: 10,
    bannedUntil: 0,
    online: { staff: 1, audience: 20 },
    active: { checkin: null, questionnaire: null, test: null, micOpen: false, mutedAll: false },
    ...over,
  }
}

export function msg(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return { id, EVENT: 'SPEAK', user: TEACHER, content: `hello ${id}`, time: 1_700_000_000_000 + id * 1000, ...over }
}
