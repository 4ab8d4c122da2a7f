/**
 * LOGIN: the chat token (../token.ts) names the tenant, channel, session, user and mode; the session and channel
 * must exist, the user must not be kicked, and the learner's entitlement to the channel is read again (a token
 * minted before a refund is refused, TOKEN). The socket joins its room (`<tenant>:<channel>:<session>` live,
 * `<tenant>:playback_<session>` playback), its user's room and, for moderators, the staff room; an older socket of
 * the same user is closed (LOGIN_KICK); the room learns who came (or, when busy, a merged count); the socket gets
 * the room's snapshot, with what runs in it (../interactions).
 */
import type { Socket } from 'socket.io'
import {
  actorOf,
  CHAT_ERRORS,
  type ChatUser,
  isModerator,
  liveRoomId,
  playbackRoomId,
  type RoomSnapshot,
} from '../../../../../contract/schemas/live-codes'
import type { ActiveInteractions } from '../../../../../contract/schemas/live-interactions'
import type { LiveAccess } from '../access'
import { type Interactions, staffRoomOf, userRoomOf } from '../interactions'
import { type ChatClaims, readChatToken } from '../token'
import { CHAT_NICK_MAX, chatPic, escapeText } from './data'
import { bad, type Hub, type Member, type Payload, type Result, refuse, type SocketState } from './hub'
import { kickKey } from './moderation'

/** a LOGIN (or a connected learner) whose entitlement to the channel ended: refused like a bad token */
export const ACCESS_ENDED = 'your access to this class has ended'
/** a playback room runs no interaction */
const NOTHING_ACTIVE: ActiveInteractions = {
  checkin: null,
  questionnaire: null,
  test: null,
  micOpen: false,
  mutedAll: false,
}

export interface LoginDeps {
  secret: string
  access: LiveAccess
  interactions: Interactions
  banUntil(c: ChatClaims, userId: number): Promise<number>
}

export function login(hub: Hub, { secret, access, interactions, banUntil }: LoginDeps) {
  const { store, data } = hub

  return async (socket: Socket, st: SocketState, p: Payload): Promise<Result> => {
    if (st.member || st.loggingIn) return bad('already logged in')
    const claims = readChatToken(secret, p.token)
    if (!claims) return refuse(CHAT_ERRORS.token)
    st.loggingIn = true
    try {
      const { tenantId, channelId, sessionId, userId } = claims
      const [state, channel] = await Promise.all([
        data.sessionState(tenantId, channelId, sessionId, true),
        data.channel(tenantId, channelId, true),
      ])
      if (!state || !channel) return refuse(CHAT_ERRORS.token)
      if (await store.hasFlag(kickKey(claims, userId))) return refuse(CHAT_ERRORS.kicked)
      // the token was minted after the entry check; the entitlement may have ended since (refund, expiry, ...)
      if (!(await access.may({ tenantId, userId, channelId, sessionId }, { fresh: true })))
        return refuse(CHAT_ERRORS.token, ACCESS_ENDED)
      const playback = claims.mode === 'playback'
      const user: ChatUser = {
        userId,
        // names go out escaped like chat text, pictures only as addresses (tokens minted before either rule too)
        nick: escapeText(claims.nick).slice(0, CHAT_NICK_MAX),
        pic: chatPic(claims.pic),
        userType: claims.userType,
        actor: actorOf(claims.userType),
      }
      const m: Member = {
        claims,
        user,
        staff: isModerator(claims.userType),
        playback,
        room: playback ? `${tenantId}:${playbackRoomId(sessionId)}` : liveRoomId(tenantId, channelId, sessionId),
        roomId: playback ? playbackRoomId(sessionId) : liveRoomId(tenantId, channelId, sessionId),
        lastBeat: Date.now(),
        carryMs: 0,
        lastWrite: 0,
      }
      if (!socket.connected) return refuse(CHAT_ERRORS.notLoggedIn)
      // the room, this user's own room (answers meant for them) and, for moderators, the staff room
      const rooms = playback
        ? [m.room]
        : [m.room, userRoomOf(m.room, userId), ...(m.staff ? [staffRoomOf(m.room)] : [])]
      socket.join(rooms)
      let before: string | undefined
      try {
        before = await store.join(m.room, { user, sid: socket.id }, m.staff)
      } catch (err) {
        for (const r of rooms) socket.leave(r)
        throw err
      }
      if (!socket.connected) {
        // gone while joining: its disconnect handler saw no member, so leave here
        await store.leave(m.room, userId, socket.id)
        return refuse(CHAT_ERRORS.notLoggedIn)
      }
      st.member = m
      hub.members.set(socket, m)
      if (before) hub.dismissAnywhere(before, hub.packet('LOGIN_KICK', {}))
      const [bannedUntil, online, active] = await Promise.all([
        playback ? 0 : banUntil(claims, userId),
        store.counts(m.room),
        playback ? NOTHING_ACTIVE : interactions.active(m),
      ])
      if (!before) {
        if (hub.busy(online)) hub.broadcastOnline(m.room)
        else hub.toRoom(m.room, 'LOGIN', { user, online }, [socket.id])
      }
      const room: RoomSnapshot = {
        roomId: m.roomId,
        sessionId,
        channelId,
        me: user,
        playback,
        state,
        chatClosed: channel.chatClosed,
        bulletin: channel.bulletin,
        likes: channel.likes,
        bannedUntil,
        online,
        active,
      }
      return { ok: true, room }
    } finally {
      st.loggingIn = false
    }
  }
}
