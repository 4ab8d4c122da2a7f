/**
 * The live desk of a school's staff (docs/DECISIONS.md "Live — data"; contract/staff.ts); the teacher console uses it.
 * Registered by the route loop like every call (server/src/app.ts): the tenant, the staff account's role (or the
 * operator's X-Staff-Token) and the input are checked before a handler runs. Giving an account its live role
 * (teacher, manager, assistant) is the console's `POST {apiBase}/staff/accounts/:userId/role`.
 *   GET  {apiBase}/staff/live/channels                      the school's channels, each with its sessions (the last
 *                                                           90 days and everything ahead, soonest first)
 *   POST {apiBase}/staff/live/channels/:channelId/sessions  { title, startTime, endTime } (Unix seconds): schedule a class
 *   GET  {apiBase}/staff/live/channels/:channelId/push?sessionId  the push address of one class (OBS: server +
 *                                                           stream key naming the class), what its key would meet now
 *                                                           (`blocked`) and why its last publish was refused
 */
import { and, asc, count, eq, gte, inArray, ne, or, sql } from 'drizzle-orm'
import type { LiveState } from '../../../../contract/schemas/live-codes'
import { toInt } from '../../db'
import { goods, liveChannel, liveRecording, liveSession, teacher } from '../../db/schema'
import { AppError, type Ctx, type Handlers, toSeconds } from '../../http/core'
import { stateSql } from './rows'
import { RESUME_WINDOW_MS } from './sessions'

const DAY_MS = 24 * 3600 * 1000
/** sessions listed per request at most (a school's 90 days and what is ahead) */
const MAX_SESSIONS = 2000
/** a scheduled class lasts at most this long */
const MAX_CLASS_S = 12 * 3600

/** The school's open channel the path names (404 otherwise). */
async function channelOf(ctx: Ctx, channelId: number) {
  const [c] = await ctx.db
    .select({
      id: liveChannel.id,
      name: liveChannel.name,
      streamKey: liveChannel.streamKey,
      provider: liveChannel.provider,
      providerChannelId: liveChannel.providerChannelId,
    })
    .from(liveChannel)
    .where(ctx.scope.where(liveChannel, eq(liveChannel.id, channelId), eq(liveChannel.status, 1)))
  if (!c) throw new AppError(404, 'no live channel with that id in this school')
  return c
}

export const handlers: Handlers = {
  'GET /staff/live/channels': async (ctx) => {
    const { db, scope } = ctx
    const now = new Date()
    const channels = await db
      .select({
        channelId: liveChannel.id,
        name: liveChannel.name,
        goodsId: liveChannel.goodsId,
        goodsName: goods.name,
        examId: liveChannel.examId,
        teacherName: teacher.name,
        scene: liveChannel.scene,
        provider: liveChannel.provider,
        providerChannelId: liveChannel.providerChannelId,
        chatClosed: liveChannel.chatClosed,
        bulletin: liveChannel.bulletin,
        playbackEnabled: liveChannel.playbackEnabled,
        likes: liveChannel.likes,
      })
      .from(liveChannel)
      .leftJoin(goods, and(eq(goods.id, liveChannel.goodsId), eq(goods.tenantId, liveChannel.tenantId)))
      .leftJoin(teacher, and(eq(teacher.id, liveChannel.teacherId), eq(teacher.tenantId, liveChannel.tenantId)))
      .where(scope.where(liveChannel, eq(liveChannel.status, 1)))
      .orderBy(asc(liveChannel.sort), asc(liveChannel.id))
    const ids = channels.map((c) => c.channelId)
    const st = stateSql(now)
    const sessions = ids.length
      ? await db
          .select({
            sessionId: liveSession.id,
            channelId: liveSession.channelId,
            title: liveSession.title,
            startAt: liveSession.startAt,
            endAt: liveSession.endAt,
            state: st,
            startedAt: liveSession.startedAt,
            endedAt: liveSession.endedAt,
          })
          .from(liveSession)
          .where(
            scope.where(
              liveSession,
              inArray(liveSession.channelId, ids),
              or(gte(liveSession.startAt, new Date(now.getTime() - 90 * DAY_MS)), sql`${st} <> 'ended'`),
            ),
          )
          .orderBy(asc(liveSession.startAt), asc(liveSession.id))
          .limit(MAX_SESSIONS)
      : []
    const sessionIds = sessions.map((s) => s.sessionId)
    const recordings = sessionIds.length
      ? await db
          .select({ sessionId: liveRecording.sessionId, n: count() })
          .from(liveRecording)
          .where(
            scope.where(liveRecording, inArray(liveRecording.sessionId, sessionIds), eq(liveRecording.status, 'ready')),
          )
          .groupBy(liveRecording.sessionId)
      : []
    const ready = new Map(recordings.map((r) => [r.sessionId, toInt(r.n)]))
    return channels.map((c) => ({
      ...c,
      goodsName: c.goodsName ?? '',
      teacherName: c.teacherName ?? '',
      sessions: sessions
        .filter((s) => s.channelId === c.channelId)
        .map((s) => ({
          sessionId: s.sessionId,
          title: s.title,
          startTime: toSeconds(s.startAt),
          endTime: toSeconds(s.endAt),
          state: s.state,
          startedTime: s.startedAt ? toSeconds(s.startedAt) : null,
          endedTime: s.endedAt ? toSeconds(s.endedAt) : null,
          readyRecordings: ready.get(s.sessionId) ?? 0,
        })),
    }))
  },

  'POST /staff/live/channels/:channelId/sessions': async (ctx, { params, body }) => {
    const { db, scope } = ctx
    const channel = await channelOf(ctx, params.channelId)
    if (body.endTime <= body.startTime || body.endTime - body.startTime > MAX_CLASS_S)
      throw new AppError(400, 'endTime: a class ends after it starts and lasts at most 12 hours')
    if (body.endTime * 1000 <= Date.now()) throw new AppError(400, 'endTime: the class must end in the future')
    const [row] = await db
      .insert(liveSession)
      .values(
        scope.row({
          channelId: channel.id,
          title: body.title,
          startAt: new Date(body.startTime * 1000),
          endAt: new Date(body.endTime * 1000),
        }),
      )
      .returning({ sessionId: liveSession.id, state: liveSession.state })
    ctx.log.info({ tenantId: scope.tenantId, channelId: channel.id, sessionId: row!.sessionId }, 'live class scheduled')
    return {
      sessionId: row!.sessionId,
      channelId: channel.id,
      title: body.title,
      startTime: body.startTime,
      endTime: body.endTime,
      state: row!.state as LiveState, // the column holds LIVE_STATES only
    }
  },

  'GET /staff/live/channels/:channelId/push': async (ctx, { params, query }) => {
    const { db, scope } = ctx
    const channel = await channelOf(ctx, params.channelId)
    const { sessionId } = query
    const now = new Date()
    const st = stateSql(now)
    const ofChannel = scope.where(liveSession, eq(liveSession.channelId, channel.id))
    const cols = {
      sessionId: liveSession.id,
      title: liveSession.title,
      state: st,
      endedAt: liveSession.endedAt,
    }
    // the class asked for; without one (scripts, older consoles) the room's current class: live, else the next
    const [session] = sessionId
      ? await db
          .select(cols)
          .from(liveSession)
          .where(and(ofChannel, eq(liveSession.id, sessionId)))
      : await db
          .select(cols)
          .from(liveSession)
          .where(and(ofChannel, sql`${st} <> 'ended'`))
          .orderBy(sql`${st} = 'live' desc`, asc(liveSession.startAt), asc(liveSession.id))
          .limit(1)
    if (!session)
      throw new AppError(
        404,
        sessionId ? 'no such class in this room' : 'no class to push to in this room: schedule one first',
      )
    const [other] = await db
      .select({ sessionId: liveSession.id, title: liveSession.title })
      .from(liveSession)
      .where(and(ofChannel, eq(liveSession.state, 'live'), ne(liveSession.id, session.sessionId)))
      .limit(1)
    // what the key would meet now (sessions.ts goLive): an ended class takes no stream (a stream cut moments
    // ago resumes it), another live class of the room refuses it
    const resumable =
      session.state === 'ended' && !!session.endedAt && now.getTime() - session.endedAt.getTime() <= RESUME_WINDOW_MS
    const blocked =
      session.state === 'ended' && !resumable
        ? ('class ended' as const)
        : other
          ? ('another class is live' as const)
          : null
    const lastRefused = (await ctx.services.live.notes?.last(scope.tenantId, session.sessionId)) ?? null
    const target = {
      channelId: channel.id,
      channelName: channel.name,
      sessionId: session.sessionId,
      sessionTitle: session.title,
      sessionState: session.state,
      blocked,
      ...(other ? { other } : {}),
      lastRefused,
    }
    // an ended class has no push address: its key would be refused
    if (blocked === 'class ended') return { ...target, server: '', streamKey: '', url: '', expiresAt: 0 }
    const info = await ctx.services.live.provider.pushInfo(
      {
        tenantId: scope.tenantId,
        channelId: channel.id,
        sessionId: session.sessionId,
        streamKey: channel.streamKey,
        provider: channel.provider === 'polyv' ? 'polyv' : 'local',
        providerChannelId: channel.providerChannelId,
      },
      ctx.hostname,
    )
    return { ...target, ...info }
  },
}
