/**
 * Speaking in the room (SPEAK, CHAT_IMG, LIKES): text and pictures are checked (length, closed room, bans, blocked
 * words, the speak limit), stored (live_chat), acked with their id and delivered merged by the batchers of every
 * process; likes are counted in the store and broadcast merged (at most once per LIKES_BROADCAST_MS).
 */
import type { Socket } from 'socket.io'
import { CHAT_ERRORS, CHAT_SERVER, type ChatMessage, LIVE } from '../../../../../contract/schemas/live-codes'
import { AppError } from '../../../http/core'
import type { ChatClaims } from '../token'
import { escapeText } from './data'
import { bad, chars, type Hub, isPosInt, MESSAGES, type Member, OK, type Payload, type Result, refuse } from './hub'

export function messages(hub: Hub, banUntil: (c: ChatClaims, userId: number) => Promise<number>) {
  const { store, data } = hub

  /** the checks SPEAK and CHAT_IMG share, after their content is valid; null = may speak */
  const maySpeak = async (socket: Socket, m: Member): Promise<Result | null> => {
    const c = m.claims
    const channel = await data.channel(c.tenantId, c.channelId)
    if (!channel) return refuse(CHAT_ERRORS.token)
    if (channel.chatClosed && !m.staff) {
      hub.toSocket(socket, 'PROHIBIT_TO_SPEAK', { value: true })
      return refuse(CHAT_ERRORS.closed)
    }
    const until = await banUntil(c, m.user.userId)
    if (until) return refuse(CHAT_ERRORS.banned, MESSAGES.BANNED, until)
    return null
  }
  /** learners: one message per 3 s (spec); staff: a flood guard only (CHAT_SERVER.STAFF_SPEAK_GAP_MS) */
  const takeSpeakSlot = (m: Member) =>
    store.takeSlot(`speak:${m.room}:${m.user.userId}`, m.staff ? CHAT_SERVER.STAFF_SPEAK_GAP_MS : LIVE.SPEAK_GAP_MS)

  const post = async (
    m: Member,
    socket: Socket,
    event: 'SPEAK' | 'CHAT_IMG',
    content: string,
    quoteId?: number,
  ): Promise<Result> => {
    const c = m.claims
    const row = await data.insertChat(c.tenantId, c, m.user, event, content, quoteId)
    const msg: ChatMessage = {
      id: row.id,
      EVENT: event,
      user: m.user,
      content,
      ...(event === 'CHAT_IMG' ? { msgSource: 'chatImg' as const } : {}),
      ...(quoteId ? { quoteId } : {}),
      time: row.time,
    }
    hub.deliver(m.room, { msg, staff: m.staff, senderSid: socket.id })
    return { ok: true, id: row.id }
  }

  const speak = async (socket: Socket, m: Member, p: Payload): Promise<Result> => {
    const values = p.values
    if (!Array.isArray(values) || typeof values[0] !== 'string') return bad('values: send [text]')
    if (p.quoteId !== undefined && p.quoteId !== null && !isPosInt(p.quoteId)) return bad('quoteId: a message id')
    const text = values[0].trim()
    if (!text) return refuse(CHAT_ERRORS.empty)
    if (chars(text) > LIVE.MAX_TEXT) return refuse(CHAT_ERRORS.tooLong)
    const stop = await maySpeak(socket, m)
    if (stop) return stop
    const content = escapeText(text)
    const lower = text.toLowerCase()
    const words = await data.censorWords(m.claims.tenantId)
    if (words.some((w) => lower.includes(w))) {
      hub.toSocket(socket, 'CENSOR', { content })
      return refuse(CHAT_ERRORS.censored)
    }
    const quoteId = isPosInt(p.quoteId) ? p.quoteId : undefined
    if (quoteId && !(await data.messageExists(m.claims.tenantId, m.claims.sessionId, quoteId)))
      return bad('quoteId: no such message in this room')
    if (!(await takeSpeakSlot(m))) return refuse(CHAT_ERRORS.tooFast)
    return post(m, socket, 'SPEAK', content, quoteId)
  }

  const chatImg = async (socket: Socket, m: Member, p: Payload): Promise<Result> => {
    const values = p.values
    if (!Array.isArray(values) || typeof values[0] !== 'string' || !values[0].trim())
      return bad('values: send [image url]')
    const raw = values[0].trim()
    if (raw.length > 1000) return bad('values: must be a file you uploaded')
    const stop = await maySpeak(socket, m)
    if (stop) return stop
    let url: string
    try {
      url = await data.chatImage(m.claims.tenantId, m.user.userId, raw, socket.handshake.headers)
    } catch (e) {
      if (e instanceof AppError && e.code === 400) return bad(e.message)
      throw e
    }
    if (!(await takeSpeakSlot(m))) return refuse(CHAT_ERRORS.tooFast)
    return post(m, socket, 'CHAT_IMG', url)
  }

  const likes = async (m: Member, p: Payload): Promise<Result> => {
    const n = p.count
    if (!Number.isSafeInteger(n) || (n as number) < 1 || (n as number) > LIVE.MAX_LIKES_PER_EVENT)
      return bad(`count: 1 to ${LIVE.MAX_LIKES_PER_EVENT}`)
    const c = m.claims
    const channel = await data.channel(c.tenantId, c.channelId)
    if (!channel) return refuse(CHAT_ERRORS.token)
    if (channel.chatClosed) return refuse(CHAT_ERRORS.closed)
    const key = `likes:${m.room}`
    await store.addCount(key, n as number)
    hub.merged(key, LIVE.LIKES_BROADCAST_MS, async () => {
      const count = await store.takeCount(key)
      if (count <= 0) return
      const total = await data.addLikes(c.tenantId, c.channelId, count)
      hub.toRoom(m.room, 'LIKES', { count, total })
    })
    return OK
  }

  return { speak, chatImg, likes }
}
