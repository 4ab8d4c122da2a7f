/**
 * One socket's life: the connect overtime (a socket that does not log in is closed), the flood guard, one JSON
 * object `{EVENT, ...}` per `message`, every event handed to its part and acked (ChatAck), and the leave on
 * disconnect. Before LOGIN only LOGIN; a playback room only reads (heartbeat, online list); interactions go to
 * ../interactions; the rest is moderation, moderators only.
 */
import type { Socket } from 'socket.io'
import {
  CHAT_ERRORS,
  CHAT_EVENT,
  type ClientEventName,
  LIVE,
  MODERATION_EVENTS,
} from '../../../../../contract/schemas/live-codes'
import type { InteractionClientEvents } from '../../../../../contract/schemas/live-interactions'
import { INTERACTION_EVENTS, type Interactions } from '../interactions'
import { bad, type Hub, type Member, type Payload, type Result, refuse, type SocketState } from './hub'

/** a socket may send this many events a second; beyond, they are refused (TOO_FAST) unprocessed */
const EVENTS_PER_SECOND = 20

const KNOWN_EVENTS = new Set<string>([
  'LOGIN',
  'HEARTBEAT',
  'SPEAK',
  'CHAT_IMG',
  'LIKES',
  'ONLINE_LIST',
  ...MODERATION_EVENTS,
  ...INTERACTION_EVENTS,
])
const INTERACTION_SET = new Set<string>(INTERACTION_EVENTS)
type InteractionEvent = keyof InteractionClientEvents

/** The parts that answer a socket's events. */
export interface Parts {
  login(socket: Socket, st: SocketState, p: Payload): Promise<Result>
  heartbeat(m: Member, p: Payload): Promise<Result>
  onlineList(socket: Socket, m: Member, p: Payload): Promise<Result>
  speak(socket: Socket, m: Member, p: Payload): Promise<Result>
  chatImg(socket: Socket, m: Member, p: Payload): Promise<Result>
  likes(m: Member, p: Payload): Promise<Result>
  interactions: Interactions
  moderate(event: ClientEventName, m: Member, p: Payload): Promise<Result>
  /** the socket disconnected */
  left(socket: Socket, st: SocketState): void
}

export function onConnection(hub: Hub, parts: Parts) {
  const handle = async (socket: Socket, st: SocketState, event: string, p: Payload): Promise<Result> => {
    if (event === 'LOGIN') return parts.login(socket, st, p)
    const m = st.member
    if (!m) return refuse(CHAT_ERRORS.notLoggedIn)
    if (event === 'HEARTBEAT') return parts.heartbeat(m, p)
    if (event === 'ONLINE_LIST') return parts.onlineList(socket, m, p)
    if (m.playback) return refuse(CHAT_ERRORS.forbidden, 'a playback room only replays the chat')
    if (event === 'SPEAK') return parts.speak(socket, m, p)
    if (event === 'CHAT_IMG') return parts.chatImg(socket, m, p)
    if (event === 'LIKES') return parts.likes(m, p)
    if (INTERACTION_SET.has(event)) return parts.interactions.handle(event as InteractionEvent, m, p)
    if (!m.staff) return refuse(CHAT_ERRORS.forbidden)
    return parts.moderate(event as ClientEventName, m, p)
  }

  return (socket: Socket) => {
    const st: SocketState = { loggingIn: false, windowStart: Date.now(), events: 0 }
    // a socket that does not log in is closed after the connect overtime
    const overtime = setTimeout(() => {
      if (!st.member) hub.dismiss(socket)
    }, LIVE.CONNECT_OVERTIME_MS)
    overtime.unref()

    socket.on(CHAT_EVENT, (raw: unknown, ack: unknown) => {
      const reply = (r: Result) => {
        if (typeof ack === 'function') ack(r)
      }
      const now = Date.now()
      if (now - st.windowStart >= 1000) {
        st.windowStart = now
        st.events = 0
      }
      if (++st.events > EVENTS_PER_SECOND) return reply(refuse(CHAT_ERRORS.tooFast, 'too many events, slow down'))
      let p: Payload
      try {
        const v: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw
        if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object')
        p = v as Payload
      } catch {
        return reply(bad('send one JSON object {EVENT, ...}'))
      }
      const event = p.EVENT
      if (typeof event !== 'string' || !KNOWN_EVENTS.has(event)) return reply(bad('EVENT: unknown event'))
      handle(socket, st, event, p).then(
        (r) => {
          reply(r)
          // a refused LOGIN closes the socket (the app shows why and does not retry the same token)
          if (event !== 'LOGIN') return
          if (r.ok) clearTimeout(overtime)
          else if (r.code === CHAT_ERRORS.token || r.code === CHAT_ERRORS.kicked) hub.dismiss(socket)
        },
        (err: unknown) => {
          hub.log.error({ err, event }, 'chat: event failed')
          reply(refuse(CHAT_ERRORS.serverError))
        },
      )
    })

    socket.on('disconnect', () => {
      clearTimeout(overtime)
      parts.left(socket, st)
    })
  }
}
