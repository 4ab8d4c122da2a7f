/**
 * Live study time in the learner's hours (docs/DECISIONS.md "Live — data"): the chat server credits live_watch from
 * the room's heartbeats (live and playback); the study hours add it the way they add video time.
 * - A goods' hours: each session of its rooms counts like a section whose length is the scheduled class length;
 *   credited = what was watched of it (live and playback together), never more than that length.
 * - Today: a watch row counts today when it was begun today (rows are per session and mode, so a playback resumed
 *   on a later day is not split by day: today's figure may miss it, it never counts a past day's time).
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { toInt } from '../../db'
import { liveChannel, liveSession, liveWatch } from '../../db/schema'
import type { Scoped } from './rows'

export interface LiveHours {
  totalSeconds: number
  creditedSeconds: number
  todaySeconds: number
}

/** Seconds of live and playback study begun since `since` (start of today). */
export async function liveSecondsSince(ctx: Scoped, userId: number, since: Date): Promise<number> {
  const [row] = await ctx.db
    .select({ s: sql<number>`coalesce(sum(${liveWatch.creditedSeconds}), 0)` })
    .from(liveWatch)
    .where(ctx.scope.where(liveWatch, eq(liveWatch.userId, userId), gte(liveWatch.createdAt, since)))
  return toInt(row?.s)
}

/** Live hours per goods (goods without live sessions are absent). One query. */
export async function liveHoursByGoods(
  ctx: Scoped,
  userId: number,
  goodsIds: number[],
  since: Date,
): Promise<Map<number, LiveHours>> {
  const out = new Map<number, LiveHours>()
  if (goodsIds.length === 0) return out
  const rows = await ctx.db
    .select({
      goodsId: liveChannel.goodsId,
      seconds: sql<number>`extract(epoch from (${liveSession.endAt} - ${liveSession.startAt}))`,
      credited: sql<number>`coalesce(sum(${liveWatch.creditedSeconds}), 0)`,
      today: sql<number>`coalesce(sum(case when ${liveWatch.createdAt} >= ${since.toISOString()}::timestamptz then ${liveWatch.creditedSeconds} else 0 end), 0)`,
    })
    .from(liveSession)
    .innerJoin(
      liveChannel,
      and(eq(liveChannel.id, liveSession.channelId), eq(liveChannel.tenantId, liveSession.tenantId)),
    )
    .leftJoin(
      liveWatch,
      and(
        eq(liveWatch.sessionId, liveSession.id),
        eq(liveWatch.tenantId, liveSession.tenantId),
        eq(liveWatch.userId, userId),
      ),
    )
    .where(ctx.scope.where(liveSession, eq(liveChannel.status, 1), inArray(liveChannel.goodsId, goodsIds)))
    .groupBy(liveChannel.goodsId, liveSession.id, liveSession.startAt, liveSession.endAt)
  for (const r of rows) {
    if (r.goodsId === null) continue
    const length = Math.max(0, Math.round(Number(r.seconds)))
    const credited = Math.min(toInt(r.credited), length)
    const h = out.get(r.goodsId) ?? { totalSeconds: 0, creditedSeconds: 0, todaySeconds: 0 }
    h.totalSeconds += length
    h.creditedSeconds += credited
    h.todaySeconds += Math.min(toInt(r.today), credited)
    out.set(r.goodsId, h)
  }
  return out
}
