/**
 * Session state changes of a live channel (waiting -> live -> ended), written by the video side (the local
 * provider's publish hooks: the class a push key names) and the teacher console (start / end of a given class). Every change is one transaction under a row lock on the
 * channel, and is told to the chat server through LiveEvents (CLASSSTART / CLASSEND). docs/DECISIONS.md
 * "Live — video".
 */
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db'
import { liveChannel, liveSession } from '../../db/schema'
import type { LiveEvents } from './events'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type SessionRow = typeof liveSession.$inferSelect

/** A stream that drops and comes back within this long resumes the session it ended (OBS reconnects). */
export const RESUME_WINDOW_MS = 10 * 60 * 1000

export interface ChannelKey {
  tenantId: number
  channelId: number
}

async function lockChannel(tx: Tx, key: ChannelKey) {
  const [channel] = await tx
    .select({ id: liveChannel.id, name: liveChannel.name, playbackEnabled: liveChannel.playbackEnabled })
    .from(liveChannel)
    .where(and(eq(liveChannel.tenantId, key.tenantId), eq(liveChannel.id, key.channelId)))
    .for('update')
  return channel
}

/**
 * Why a class's push key may not start its class now (the console says it in its words):
 * - `no such class`: the session is not a session of this channel (deleted, or another room's);
 * - `class ended`: it ended more than RESUME_WINDOW_MS ago, or was never held and its scheduled end has passed;
 * - `another class is live`: another session of the room is live (its own key, or the teacher started it).
 */
export type PublishRefusal = 'no such class' | 'class ended' | 'another class is live'

export type GoLiveResult =
  | {
      session: SessionRow
      /** how: it was live already (a second publish, or the teacher started it first), it ended moments ago and
       * resumes (OBS reconnected), or it was waiting (early or on time: its own key may start it any time before
       * its scheduled end) */
      how: 'already-live' | 'resumed' | 'started'
      refused?: undefined
    }
  | { refused: PublishRefusal; session?: undefined; how?: undefined; other?: { sessionId: number; title: string } }

/**
 * The stream of a class's push key started (issue 25: a key belongs to the class it was issued for, so pushing
 * with tomorrow's key starts tomorrow's class, never another one and never a new untitled one). In one
 * transaction under the channel's row lock; emits state 'live' when the class went live. Null when the channel
 * does not exist.
 */
export async function goLive(
  db: Db,
  events: LiveEvents,
  key: ChannelKey,
  sessionId: number,
  now = new Date(),
): Promise<GoLiveResult | null> {
  const result = await db.transaction(async (tx): Promise<GoLiveResult | null> => {
    const channel = await lockChannel(tx, key)
    if (!channel) return null
    const ofChannel = and(eq(liveSession.tenantId, key.tenantId), eq(liveSession.channelId, key.channelId))
    const [target] = await tx
      .select()
      .from(liveSession)
      .where(and(ofChannel, eq(liveSession.id, sessionId)))
    if (!target) return { refused: 'no such class' }
    if (target.state === 'live') return { session: target, how: 'already-live' }
    const [other] = await tx
      .select({ sessionId: liveSession.id, title: liveSession.title })
      .from(liveSession)
      .where(and(ofChannel, eq(liveSession.state, 'live'), ne(liveSession.id, sessionId)))
      .limit(1)
    const resumable =
      target.state === 'ended' && !!target.endedAt && now.getTime() - target.endedAt.getTime() <= RESUME_WINDOW_MS
    const waiting = target.state === 'waiting' && target.endAt.getTime() > now.getTime()
    if (!resumable && !waiting) return { refused: 'class ended' }
    if (other) return { refused: 'another class is live', other }
    const [s] = await tx
      .update(liveSession)
      .set(resumable ? { state: 'live', endedAt: null } : { state: 'live', startedAt: now, endedAt: null })
      .where(eq(liveSession.id, target.id))
      .returning()
    return { session: s!, how: resumable ? 'resumed' : 'started' }
  })
  if (result?.session && result.how !== 'already-live') {
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
 * The channel's stream ended: its live session (if any; with `sessionId`, only that one: the stream of a push key
 * ends its own class, never another that a refused key's stream could name) ends now. `recordingFollows`: a recording of the stream is
 * on its way (local provider: `record all`), so CLASSEND says playback will exist when the channel allows it.
 * Returns the ended session, or null when nothing was live.
 */
export async function endLive(
  db: Db,
  events: LiveEvents,
  key: ChannelKey,
  opts: { recordingFollows: boolean; sessionId?: number },
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
          opts.sessionId === undefined ? undefined : eq(liveSession.id, opts.sessionId),
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
