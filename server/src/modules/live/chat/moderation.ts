/**
 * Moderation (MODERATION_EVENTS, moderators only): close and open the chat, ban with an expiry and lift it, kick,
 * remove a message or the whole history, post and remove the bulletin. Bans are kept in the database and cached
 * in the store; a kick is a store flag that refuses LOGIN to the session, and (issue 25) the session's media too:
 * it is a gate of the live access check (../access.ts).
 */
import { CHAT_SERVER, type ClientEventName, LIVE } from '../../../../../contract/schemas/live-codes'
import type { LiveAccess } from '../access'
import type { ChatClaims } from '../token'
import { escapeText } from './data'
import { bad, chars, type Hub, isPosInt, type Member, OK, type Payload, type Result } from './hub'

/** a cached "not banned" answer lives this long (a new ban replaces it at once) */
const NOT_BANNED_CACHE_MS = 60_000

/**
 * A kick refuses LOGIN to the session for CHAT_SERVER.KICK_MS, and (issue 25) the session's media too: the gate
 * below reads this flag for every media request and LOGIN (../access.ts; the viewer names a recording's session,
 * for a live stream it is the channel's live session), and the room's detail asks it to tell the app until when.
 */
export const kickKey = (c: { tenantId: number; sessionId: number }, userId: number) =>
  `kick:${c.tenantId}:${c.sessionId}:${userId}`
const banKey = (c: ChatClaims, userId: number) => `${c.tenantId}:${c.channelId}:${userId}`

export function moderation(hub: Hub, access: LiveAccess) {
  const { store, data, toRoom } = hub

  access.addGate(async (v) => {
    const sessionId = v.sessionId ?? (await data.liveSessionOf(v.tenantId, v.channelId))
    if (!sessionId) return true
    const left = await store.flagLeft(kickKey({ tenantId: v.tenantId, sessionId }, v.userId))
    return left > 0 ? { reason: 'kicked', until: Date.now() + left } : true
  })

  /** epoch ms until which the user is banned in the channel, 0 when not (cached in the store) */
  const banUntil = async (c: ChatClaims, userId: number): Promise<number> => {
    const now = Date.now()
    const cached = await store.getBan(banKey(c, userId))
    if (cached !== undefined) return cached > now ? cached : 0
    const until = await data.banUntil(c.tenantId, c.channelId, userId)
    await store.setBan(banKey(c, userId), until, until ? until - now : NOT_BANNED_CACHE_MS)
    return until
  }

  /** a moderation event's target: a user of this tenant other than the moderator */
  const target = async (m: Member, p: Payload): Promise<number | Result> => {
    if (!isPosInt(p.userId)) return bad('userId: a user id')
    if (p.userId === m.user.userId) return bad('userId: not yourself', 'notYourself')
    if (!(await data.userExists(m.claims.tenantId, p.userId))) return bad('userId: no such user')
    return p.userId
  }

  const moderate = async (event: ClientEventName, m: Member, p: Payload): Promise<Result> => {
    const c = m.claims
    switch (event) {
      case 'CLOSEROOM': {
        if (typeof p.value !== 'boolean') return bad('value: true (close) or false (open)')
        await data.setChannel(c.tenantId, c.channelId, { chatClosed: p.value })
        hub.dropCache('channel', `${c.tenantId}:${c.channelId}`)
        toRoom(m.room, 'CLOSEROOM', { value: p.value })
        return OK
      }
      case 'ADD_SHIELD': {
        const userId = await target(m, p)
        if (typeof userId !== 'number') return userId
        const ms = p.durationMs ?? LIVE.BAN_DEFAULT_MS
        if (!Number.isSafeInteger(ms) || (ms as number) < 1 || (ms as number) > CHAT_SERVER.MAX_BAN_MS)
          return bad('durationMs: 1 ms to 365 days')
        const until = Date.now() + (ms as number)
        await data.ban(c.tenantId, c.channelId, userId, until, m.user.userId)
        await store.setBan(banKey(c, userId), until, ms as number)
        toRoom(m.room, 'ADD_SHIELD', { userId, until })
        return OK
      }
      case 'REMOVE_SHIELD': {
        const userId = await target(m, p)
        if (typeof userId !== 'number') return userId
        await data.unban(c.tenantId, c.channelId, userId)
        await store.setBan(banKey(c, userId), 0, NOT_BANNED_CACHE_MS)
        await store.dropFlag(kickKey(c, userId))
        toRoom(m.room, 'REMOVE_SHIELD', { userId })
        return OK
      }
      case 'KICK': {
        const userId = await target(m, p)
        if (typeof userId !== 'number') return userId
        await store.setFlag(kickKey(c, userId), CHAT_SERVER.KICK_MS)
        const sid = await store.sidOf(m.room, userId)
        toRoom(m.room, 'KICK', { userId }, sid ? [sid] : [])
        if (sid) hub.dismissAnywhere(sid, hub.packet('KICK', { userId }))
        return OK
      }
      case 'REMOVE_CONTENT': {
        if (!isPosInt(p.id)) return bad('id: a message id')
        if (!(await data.removeMessage(c.tenantId, c.sessionId, p.id))) return bad('id: no such message in this room')
        hub.dropBuffered(m.room, p.id)
        toRoom(m.room, 'REMOVE_CONTENT', { id: p.id })
        return OK
      }
      case 'REMOVE_HISTORY': {
        await data.removeHistory(c.tenantId, c.channelId, c.sessionId)
        hub.dropBuffered(m.room, null)
        toRoom(m.room, 'REMOVE_HISTORY', {})
        return OK
      }
      case 'BULLETIN': {
        if (typeof p.content !== 'string' || !p.content.trim()) return bad('content: the bulletin text')
        const text = p.content.trim()
        if (chars(text) > CHAT_SERVER.MAX_BULLETIN)
          return bad(`content: at most ${CHAT_SERVER.MAX_BULLETIN} characters`)
        const content = escapeText(text)
        await data.setChannel(c.tenantId, c.channelId, { bulletin: content })
        hub.dropCache('channel', `${c.tenantId}:${c.channelId}`)
        toRoom(m.room, 'BULLETIN', { content })
        return OK
      }
      case 'REMOVE_BULLETIN': {
        await data.setChannel(c.tenantId, c.channelId, { bulletin: '' })
        hub.dropCache('channel', `${c.tenantId}:${c.channelId}`)
        toRoom(m.room, 'REMOVE_BULLETIN', {})
        return OK
      }
      default:
        return bad('unknown event')
    }
  }

  return { banUntil, moderate }
}
