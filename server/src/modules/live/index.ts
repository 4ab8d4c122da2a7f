/**
 * The live calls of the contract (contract/schemas/live.ts; docs/DECISIONS.md "Live — data"): session lists, the
 * room's detail with its chat token and stream, the chat history of a session, and the live provider's public info.
 * Entry: a free class for any learner of the tenant, a goods' room with the goods (or a package holding it), a
 * mock's room after applying to the mock, every room for staff (sys_user.staff_role). Refusals: 631 (data names the
 * goods to buy or the mock to apply to), 632 (no such channel or session in this tenant), 633 (no playback).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import {
  actorOf,
  CHAT_NAMESPACE,
  CHAT_USER_TYPES,
  type ChatUserType,
  LIVE_CODE,
  liveRoomId,
  playbackRoomId,
} from '../../../../contract/schemas/live-codes'
import { maskPhone } from '../../../../shared/rules/phone'
import { goods, liveChannel, liveChat, liveRecording, liveSession, liveWatch, teacher } from '../../db/schema'
import { AppError, type Handlers, requireUser, toSeconds } from '../../http/core'
import { goodsFamily } from '../learn/core'
import { chatNick, chatPic, escapeText } from './chat/data'
import {
  accessOf,
  canEnter,
  channelNotFound,
  enterable,
  listOrder,
  MAX_ID,
  marksOf,
  notEntitled,
  pageOf,
  rowOf,
  type Scoped,
  scheduleOrder,
  sessionNotFound,
  sessionQuery,
  stateIs,
  stateSql,
  toRows,
} from './rows'
import { mintChatToken } from './token'
import type { LiveChannelRef } from './video/provider'

const DAY_MS = 24 * 3600 * 1000
/** a channel's schedule in its room: the latest this many sessions */
const SCHEDULE_MAX = 200
const LIST_MAX = 200

const isUserType = (v: string): v is ChatUserType => (CHAT_USER_TYPES as readonly string[]).includes(v)

/** One open channel of the tenant with its display teacher, or 632. */
async function channelById(ctx: Scoped, channelId: number) {
  if (channelId > MAX_ID) throw channelNotFound()
  const [c] = await ctx.db
    .select({
      id: liveChannel.id,
      goodsId: liveChannel.goodsId,
      examId: liveChannel.examId,
      name: liveChannel.name,
      cover: liveChannel.cover,
      intro: liveChannel.intro,
      scene: liveChannel.scene,
      provider: liveChannel.provider,
      providerChannelId: liveChannel.providerChannelId,
      streamKey: liveChannel.streamKey,
      chatClosed: liveChannel.chatClosed,
      bulletin: liveChannel.bulletin,
      playbackEnabled: liveChannel.playbackEnabled,
      likes: liveChannel.likes,
      teacherName: teacher.name,
      teacherAvatar: teacher.avatar,
    })
    .from(liveChannel)
    .leftJoin(teacher, and(eq(teacher.id, liveChannel.teacherId), eq(teacher.tenantId, liveChannel.tenantId)))
    .where(ctx.scope.where(liveChannel, eq(liveChannel.id, channelId), eq(liveChannel.status, 1)))
  if (!c) throw channelNotFound()
  return c
}

export const handlers: Handlers = {
  'GET /goods/getLiveList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const family = query.goodsId ? await goodsFamily(ctx, query.goodsId) : undefined
    const where = and(
      stateIs(query.state, now),
      family ? inArray(liveChannel.goodsId, family) : undefined,
      query.free === '1' ? and(isNull(liveChannel.goodsId), isNull(liveChannel.examId)) : undefined,
    )
    return pageOf(ctx, await accessOf(ctx, userId, now), where, query.pageNum, query.pageSize)
  },

  'GET /goods/listUserVideoLive': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const a = await accessOf(ctx, userId, now)
    if (a.goods.size === 0) return { rows: [], total: 0 }
    const where = and(inArray(liveChannel.goodsId, [...a.goods]), stateIs(query.state, now))
    return pageOf(ctx, a, where, query.pageNum, query.pageSize)
  },

  'GET /goods/listGoodsUserLive': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const [g] = await ctx.db
      .select({ id: goods.id })
      .from(goods)
      .where(ctx.scope.where(goods, eq(goods.id, query.goodsId)))
    if (!g) throw new AppError(404, 'goods not found')
    const now = new Date()
    const [a, family] = await Promise.all([accessOf(ctx, userId, now), goodsFamily(ctx, g.id)])
    const joined = await sessionQuery(ctx, now, inArray(liveChannel.goodsId, family))
      .orderBy(...scheduleOrder)
      .limit(LIST_MAX)
    return toRows(ctx, a, joined)
  },

  'GET /goods/livingSectionList': async (ctx) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const a = await accessOf(ctx, userId, now)
    const joined = await sessionQuery(ctx, now, and(stateIs('live', now), enterable(a)))
      .orderBy(...listOrder(now))
      .limit(LIST_MAX)
    return toRows(ctx, a, joined)
  },

  'GET /study/record/queryLiveLast': async (ctx) => {
    const { userId } = requireUser(ctx)
    const [w] = await ctx.db
      .select({ sessionId: liveWatch.sessionId, mode: liveWatch.mode, position: liveWatch.position })
      .from(liveWatch)
      .where(ctx.scope.where(liveWatch, eq(liveWatch.userId, userId)))
      .orderBy(desc(liveWatch.updatedAt), desc(liveWatch.id))
      .limit(1)
    if (!w) return null
    const now = new Date()
    const [[j], a] = await Promise.all([
      sessionQuery(ctx, now, eq(liveSession.id, w.sessionId)),
      accessOf(ctx, userId, now),
    ])
    if (!j) return null
    const marks = await marksOf(ctx, userId, [j.sessionId])
    return {
      ...rowOf(j, a, marks),
      mode: w.mode === 'playback' ? ('playback' as const) : ('live' as const),
      position: w.position,
    }
  },

  'GET /study/record/getLastLive': async (ctx) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const a = await accessOf(ctx, userId, now)
    const joined = await sessionQuery(ctx, now, and(sql`${stateSql(now)} <> 'ended'`, enterable(a)))
      .orderBy(...listOrder(now))
      .limit(1)
    return (await toRows(ctx, a, joined))[0] ?? null
  },

  'GET /study/record/syncSevenPublicClass': async (ctx) => {
    const { userId } = requireUser(ctx)
    const now = new Date()
    const a = await accessOf(ctx, userId, now)
    const joined = await sessionQuery(
      ctx,
      now,
      and(
        isNull(liveChannel.goodsId),
        isNull(liveChannel.examId),
        gte(liveSession.startAt, new Date(now.getTime() - 7 * DAY_MS)),
        lte(liveSession.startAt, new Date(now.getTime() + 7 * DAY_MS)),
      ),
    )
      .orderBy(...scheduleOrder)
      .limit(LIST_MAX)
    return toRows(ctx, a, joined)
  },

  'GET /study/record/getChannelBasicInfo': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tenantId } = ctx.scope
    const now = new Date()
    const channel = await channelById(ctx, query.channelId)
    const inChannel = eq(liveSession.channelId, channel.id)
    const [[session], a] = await Promise.all([
      query.sessionId
        ? sessionQuery(ctx, now, and(inChannel, eq(liveSession.id, query.sessionId)))
        : // the current session: live now, else the next one, else the latest
          sessionQuery(ctx, now, inChannel)
            .orderBy(...listOrder(now))
            .limit(1),
      accessOf(ctx, userId, now),
    ])
    if (!session) throw sessionNotFound()
    if (!canEnter(a, channel)) throw notEntitled(channel)
    const playback = query.playback === '1'
    const recordings = channel.playbackEnabled
      ? await ctx.db
          .select({
            id: liveRecording.id,
            path: liveRecording.path,
            durationSeconds: liveRecording.durationSeconds,
            startedAt: liveRecording.startedAt,
          })
          .from(liveRecording)
          .where(
            ctx.scope.where(
              liveRecording,
              eq(liveRecording.sessionId, session.sessionId),
              eq(liveRecording.status, 'ready'),
            ),
          )
          .orderBy(asc(liveRecording.startedAt), asc(liveRecording.id))
      : []
    if (playback && recordings.length === 0) throw new AppError(LIVE_CODE.noPlayback, 'this class has no playback yet')

    const schedule = (
      await sessionQuery(ctx, now, inChannel)
        .orderBy(desc(liveSession.startAt), desc(liveSession.id))
        .limit(SCHEDULE_MAX)
    ).reverse()
    const marks = await marksOf(
      ctx,
      userId,
      schedule.map((s) => s.sessionId),
    )
    const { provider } = ctx.services.live
    const ref: LiveChannelRef = {
      tenantId,
      channelId: channel.id,
      streamKey: channel.streamKey,
      provider: channel.provider === 'polyv' ? 'polyv' : 'local',
      providerChannelId: channel.providerChannelId,
    }
    // a moderator's kick (the chat's gate of live/access.ts): the learner is out of this class, video included
    const gate = await ctx.services.live.access?.refusal({
      tenantId,
      userId,
      channelId: channel.id,
      sessionId: session.sessionId,
    })
    const removedUntil = gate?.reason === 'kicked' ? gate.until : 0
    const isPPT = channel.scene === 'ppt'
    const userType: ChatUserType = a.staffRole !== '' ? a.staffRole : isPPT ? 'slice' : 'student'
    // the chat's protocol form of the name (escaped like chat text) and picture: what the token and the room carry
    const nick = chatNick(a.nickName || maskPhone(a.telPhone))
    const pic = chatPic(a.avatar)
    const mode = playback ? 'playback' : 'live'
    return {
      roomId: playback ? playbackRoomId(session.sessionId) : liveRoomId(tenantId, channel.id, session.sessionId),
      channelId: channel.id,
      sessionId: session.sessionId,
      userId: String(userId),
      isPPT,
      scene: isPPT ? 'ppt' : 'alone',
      chatToken: mintChatToken(ctx.config.secret, {
        tenantId,
        userId,
        channelId: channel.id,
        sessionId: session.sessionId,
        userType,
        nick,
        pic,
        mode,
      }),
      chatNamespace: CHAT_NAMESPACE,
      chatPath: '/socket.io',
      playbackEnabled: channel.playbackEnabled ? 'Y' : 'N',
      hasPlayback: recordings.length > 0,
      playbackList: recordings.map((r) => ({
        recordingId: r.id,
        sessionId: session.sessionId,
        title: session.title,
        url: provider.playbackUrl({ tenantId, recordingId: r.id, path: r.path }, userId),
        durationSeconds: r.durationSeconds,
        startedAtMs: r.startedAt.getTime(),
      })),
      userType,
      nick,
      pic,
      channelName: channel.name,
      title: session.title,
      intro: channel.intro,
      teacherName: channel.teacherName ?? '',
      teacherAvatar: channel.teacherAvatar ?? '',
      cover: channel.cover,
      state: session.state,
      startTime: toSeconds(session.startAt),
      endTime: toSeconds(session.endAt),
      bulletin: channel.bulletin,
      chatClosed: channel.chatClosed,
      likes: channel.likes,
      stream: {
        provider: ref.provider,
        hlsUrl: !playback && !removedUntil && session.state === 'live' ? provider.playUrl(ref, userId) : '',
        providerChannelId: channel.providerChannelId,
        videoAvailable: provider.status().available,
      },
      sessions: schedule.map((s) => rowOf(s, a, marks)),
      ...(removedUntil ? { removedUntil } : {}),
    }
  },

  'GET /polyv/live/historyChatMsgList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    if (query.beforeId !== undefined && query.afterId !== undefined)
      throw new AppError(400, 'beforeId and afterId cannot be used together')
    const channel = await channelById(ctx, query.channelId)
    const [[session], a] = await Promise.all([
      ctx.db
        .select({ id: liveSession.id })
        .from(liveSession)
        .where(
          ctx.scope.where(liveSession, eq(liveSession.id, query.sessionId), eq(liveSession.channelId, channel.id)),
        ),
      accessOf(ctx, userId),
    ])
    if (!session) throw sessionNotFound()
    if (!canEnter(a, channel)) throw notEntitled(channel)
    const replay = query.afterId !== undefined
    const where: SQL = ctx.scope.where(
      liveChat,
      eq(liveChat.channelId, channel.id),
      eq(liveChat.sessionId, session.id),
      eq(liveChat.removed, false),
      inArray(liveChat.event, ['SPEAK', 'CHAT_IMG']),
      replay ? gt(liveChat.id, query.afterId!) : undefined,
      query.beforeId !== undefined ? lt(liveChat.id, query.beforeId) : undefined,
    )
    const rows = await ctx.db
      .select({
        id: liveChat.id,
        userId: liveChat.userId,
        nick: liveChat.nick,
        pic: liveChat.pic,
        userType: liveChat.userType,
        event: liveChat.event,
        content: liveChat.content,
        quoteId: liveChat.quoteId,
        createdAt: liveChat.createdAt,
      })
      .from(liveChat)
      .where(where)
      .orderBy(replay ? asc(liveChat.id) : desc(liveChat.id))
      // history: one row past the page says there is more; replay: pages of pageSize, oldest first
      .limit(replay ? query.pageSize : query.pageSize + 1)
    return rows.map((r) => {
      const userType: ChatUserType = isUserType(r.userType) ? r.userType : 'student'
      const img = r.event === 'CHAT_IMG'
      return {
        id: r.id,
        EVENT: img ? ('CHAT_IMG' as const) : ('SPEAK' as const),
        // rows keep the protocol form; escaping again changes nothing and covers rows written before the rule
        user: {
          userId: r.userId ?? 0,
          nick: escapeText(r.nick),
          pic: chatPic(r.pic),
          userType,
          actor: actorOf(userType),
        },
        content: r.content,
        ...(img ? { msgSource: 'chatImg' as const } : {}),
        ...(r.quoteId !== null ? { quoteId: r.quoteId } : {}),
        time: r.createdAt.getTime(),
      }
    })
  },

  'GET /app/common/get/polyv/info': async (ctx) => {
    // never the API secret: the app gets what it shows a player with, signing stays on the server
    const verifyUrl = `${ctx.config.apiBase}/live/verify`
    const { live } = ctx.config
    return live.provider === 'polyv' && live.polyv
      ? { provider: 'polyv' as const, apiId: live.polyv.appId, verifyUrl }
      : { provider: 'local' as const, apiId: '', verifyUrl }
  },
}
