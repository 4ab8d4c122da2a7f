/**
 * Session state changes of a live channel (waiting -> live -> ended), written by the video side only: the local
 * provider's publish hooks now, the teacher console later. Every change is one transaction under a row lock on the
 * channel, and is told to the chat server through LiveEvents (CLASSSTART / CLASSEND). docs/DECISIONS.md
 * "Live — video".
 */
import { and, desc, eq, gte } from 'drizzle-orm'
import type { Db } from '../db'
import { liveChannel, liveSession } from '../db/schema'
import type { LiveEvents } from './events'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type SessionRow = typeof liveSession.$inferSelect

/** A waiting session whose start is at most this far from the publish goes live (else an unscheduled one). */
export const SCHEDULE_WINDOW_MS = 12 * 3600 * 1000
/** A stream that drops and comes back within this long resumes the session it ended (OBS reconnects). */
export const RESUME_WINDOW_MS = 10 * 60 * 1000
/** Nominal length of an unscheduled session (its endAt; the real end is endedAt). */
export const UNSCHEDULED_MS = 2 * 3600 * 1000

export interface ChannelKey {
  tenantId: number
  channelId: number
}

/** 'YYYY-MM-DD' in China time (learners are in China: Asia/Shanghai, UTC+8, no DST). */
export const chinaDate = (d: Date) => new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10)

async function lockChannel(tx: Tx, key: ChannelKey) {
  const [channel] = await tx
    .select({ id: liveChannel.id, name: liveChannel.name, playbackEnabled: liveChannel.playbackEnabled })
    .from(liveChannel)
    .where(and(eq(liveChannel.tenantId, key.tenantId), eq(liveChannel.id, key.channelId)))
    .for('update')
  return channel
}

export interface GoLiveResult {
  session: SessionRow
  /** how the session was chosen */
  how: 'already-live' | 'resumed' | 'scheduled' | 'unscheduled'
}

/**
 * The channel's stream started: its session goes live. Choice, first match wins:
 * 1. a session already live (a second publish, or the teacher started the class first) stays live;
 * 2. a session ended within RESUME_WINDOW_MS (the stream dropped and came back) is live again;
 * 3. the waiting session whose start is nearest to now, within SCHEDULE_WINDOW_MS either side;
 * 4. else a new, unscheduled session: title = channel name + China date, start now, nominal end +2 h.
 * Emits state 'live' unless the session was live already. Null when the channel does not exist.
 */
export async function goLive(
  db: Db,
  events: LiveEvents,
  key: ChannelKey,
  now = new Date(),
): Promise<GoLiveResult | null> {
  const result = await db.transaction(async (tx): Promise<GoLiveResult | null> => {
    const channel = await lockChannel(tx, key)
    if (!channel) return null
    const ofChannel = and(eq(liveSession.tenantId, key.tenantId), eq(liveSession.channelId, key.channelId))
    const [live] = await tx
      .select()
      .from(liveSession)
      .where(and(ofChannel, eq(liveSession.state, 'live')))
      .orderBy(desc(liveSession.startedAt))
      .limit(1)
    if (live) return { session: live, how: 'already-live' }

    const [recent] = await tx
      .select()
      .from(liveSession)
      .where(
        and(
          ofChannel,
          eq(liveSession.state, 'ended'),
          gte(liveSession.endedAt, new Date(now.getTime() - RESUME_WINDOW_MS)),
        ),
      )
      .orderBy(desc(liveSession.endedAt))
      .limit(1)
    if (recent) {
      const [s] = await tx
        .update(liveSession)
        .set({ state: 'live', endedAt: null })
        .where(eq(liveSession.id, recent.id))
        .returning()
      return { session: s!, how: 'resumed' }
    }

    const waiting = await tx
      .select()
      .from(liveSession)
      .where(and(ofChannel, eq(liveSession.state, 'waiting')))
    const near = waiting
      .map((s) => ({ s, gap: Math.abs(s.startAt.getTime() - now.getTime()) }))
      .filter((x) => x.gap <= SCHEDULE_WINDOW_MS)
      .sort((a, b) => a.gap - b.gap || a.s.id - b.s.id)[0]
    if (near) {
      const [s] = await tx
        .update(liveSession)
        .set({ state: 'live', startedAt: now, endedAt: null })
        .where(eq(liveSession.id, near.s.id))
        .returning()
      return { session: s!, how: 'scheduled' }
    }

    const [s] = await tx
      .insert(liveSession)
      .values({
        tenantId: key.tenantId,
        channelId: key.channelId,
        title: `${channel.name} ${chinaDate(now)}`.slice(0, 100),
        startAt: now,
        endAt: new Date(now.getTime() + UNSCHEDULED_MS),
        state: 'live',
        startedAt: now,
      })
      .returning()
    return { session: s!, how: 'unscheduled' }
  })
  if (result && result.how !== 'already-live') {
    events.emit('state', {
      tenantId: key.tenantId,
      channelId: key.channelId,
      sessionId: result.session.id,
      state: 'live',
      hasPlayback: false,
    })
  }
  return result
}

/**
 * The channel's stream ended: its live session (if any) ends now. `recordingFollows`: a recording of the stream is
 * on its way (local provider: `record all`), so CLASSEND says playback will exist when the channel allows it.
 * Returns the ended session, or null when nothing was live.
 */
export async function endLive(
  db: Db,
  events: LiveEvents,
  key: ChannelKey,
  opts: { recordingFollows: boolean },
  now = new Date(),
): Promise<SessionRow | null> {
  const out = await db.transaction(async (tx) => {
    const channel = await lockChannel(tx, key)
    if (!channel) return null
    const [s] = await tx
      .update(liveSession)
      .set({ state: 'ended', endedAt: now })
      .where(
        and(
          eq(liveSession.tenantId, key.tenantId),
          eq(liveSession.channelId, key.channelId),
          eq(liveSession.state, 'live'),
        ),
      )
      .returning()
    return s ? { session: s, playbackEnabled: channel.playbackEnabled } : null
  })
  if (!out) return null
  events.emit('state', {
    tenantId: key.tenantId,
    channelId: key.channelId,
    sessionId: out.session.id,
    state: 'ended',
    hasPlayback: out.playbackEnabled && opts.recordingFollows,
  })
  return out.session
}

/**
 * The teacher starts or ends one given session by hand (the console): 'live' sets startedAt (first start only),
 * 'ended' sets endedAt. Another session of the channel that is live is ended first, so a channel has at most one
 * live session. Null when the session does not exist in the tenant.
 */
export async function setSessionState(
  db: Db,
  events: LiveEvents,
  ref: { tenantId: number; sessionId: number },
  state: 'live' | 'ended',
  opts: { hasPlayback?: boolean } = {},
  now = new Date(),
): Promise<SessionRow | null> {
  const changes: { tenantId: number; channelId: number; sessionId: number; state: 'live' | 'ended' }[] = []
  const out = await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(liveSession)
      .where(and(eq(liveSession.tenantId, ref.tenantId), eq(liveSession.id, ref.sessionId)))
    if (!target) return null
    await lockChannel(tx, { tenantId: ref.tenantId, channelId: target.channelId })
    if (target.state === state) return target
    if (state === 'live') {
      const others = await tx
        .update(liveSession)
        .set({ state: 'ended', endedAt: now })
        .where(
          and(
            eq(liveSession.tenantId, ref.tenantId),
            eq(liveSession.channelId, target.channelId),
            eq(liveSession.state, 'live'),
          ),
        )
        .returning({ id: liveSession.id })
      for (const o of others)
        changes.push({ tenantId: ref.tenantId, channelId: target.channelId, sessionId: o.id, state: 'ended' })
    }
    const [s] = await tx
      .update(liveSession)
      .set(
        state === 'live'
          ? { state, startedAt: target.startedAt ?? now, endedAt: null }
          : { state, endedAt: now, startedAt: target.startedAt ?? now },
      )
      .where(eq(liveSession.id, target.id))
      .returning()
    changes.push({ tenantId: ref.tenantId, channelId: target.channelId, sessionId: target.id, state })
    return s!
  })
  for (const c of changes) events.emit('state', { ...c, hasPlayback: c.state === 'ended' && !!opts.hasPlayback })
  return out
}
