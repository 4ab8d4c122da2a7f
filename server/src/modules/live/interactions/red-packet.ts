/**
 * Red packets (REDPAPER, GRAB_REDPAPER, REDPAPER_GRABBED): the teacher sends the school's points (minted, nobody is
 * debited) split into shares at once (./draw.ts); learners grab once each, first come first served, never past the
 * count; a share is credited in the grab's transaction (../points.ts).
 */
import { eq, sql } from 'drizzle-orm'
import { INTERACTION, INTERACTION_ERRORS } from '../../../../../contract/schemas/live-interactions'
import { liveRedpaper, liveRedpaperGrab } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { escapeText } from '../chat/data'
import { creditPoints } from '../points'
import { splitPoints } from './draw'
import type { Kind, Kit, Payload, Seat } from './kit'
import { Answer, bad, fail, inTx, isInt, isPosInt, MSG, ok, textOf } from './kit'

const OVER = 'no such red packet in this room'

export class RedPacket implements Kind {
  readonly handlers = {
    REDPAPER: (seat: Seat, p: Payload) => this.send(seat, p),
    GRAB_REDPAPER: (seat: Seat, p: Payload) => this.grab(seat, p),
  }

  constructor(private readonly k: Kit) {}

  private async send(seat: Seat, p: Payload) {
    if (!isInt(p.totalPoints, 1, INTERACTION.REDPAPER_MAX_POINTS))
      return bad(`totalPoints: 1 to ${INTERACTION.REDPAPER_MAX_POINTS}`)
    if (!isInt(p.count, 1, INTERACTION.REDPAPER_MAX_COUNT)) return bad(`count: 1 to ${INTERACTION.REDPAPER_MAX_COUNT}`)
    if (p.count > p.totalPoints)
      return bad('count: at most one share per point (count <= totalPoints)', 'sharesOverPoints')
    const greeting = textOf(p.greeting ?? '', 50, 0)
    if (greeting === null) return bad('greeting: at most 50 characters')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const shares = splitPoints(p.totalPoints, p.count)
    const [row] = await this.k.d.db
      .insert(liveRedpaper)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          totalPoints: p.totalPoints,
          count: p.count,
          greeting: escapeText(greeting),
          shares,
        }),
      )
      .returning({ id: liveRedpaper.id, greeting: liveRedpaper.greeting })
    this.k.emit(seat.room, 'REDPAPER', {
      redpaperId: row!.id,
      user: seat.user,
      totalPoints: p.totalPoints,
      count: p.count,
      greeting: row!.greeting,
    })
    return ok({ redpaperId: row!.id })
  }

  private async grab(seat: Seat, p: Payload) {
    if (!isPosInt(p.redpaperId)) return bad('redpaperId: a red packet id')
    const redpaperId = p.redpaperId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const me = seat.user.userId
    let left = 0
    const ack = await inTx(this.k.d.db, async (tx) => {
      const [rp] = await tx
        .select({ id: liveRedpaper.id })
        .from(liveRedpaper)
        .where(s.where(liveRedpaper, eq(liveRedpaper.id, redpaperId), eq(liveRedpaper.sessionId, c.sessionId)))
      if (!rp) throw new Answer(fail(INTERACTION_ERRORS.over, OVER))
      // once per learner: the unique row (a second grab, even a concurrent one, finds it)
      const [grab] = await tx
        .insert(liveRedpaperGrab)
        .values(s.row({ redpaperId, userId: me, points: 0 }))
        .onConflictDoNothing()
        .returning({ id: liveRedpaperGrab.id })
      if (!grab) throw new Answer(fail(INTERACTION_ERRORS.already, MSG.already))
      // first come, first served: the next share, never past count (the row lock orders the grabbers)
      const [taken] = await tx
        .update(liveRedpaper)
        .set({ grabbed: sql`${liveRedpaper.grabbed} + 1` })
        .where(
          s.where(liveRedpaper, eq(liveRedpaper.id, redpaperId), sql`${liveRedpaper.grabbed} < ${liveRedpaper.count}`),
        )
        .returning({ grabbed: liveRedpaper.grabbed, count: liveRedpaper.count, shares: liveRedpaper.shares })
      if (!taken) throw new Answer(ok({ points: 0 }))
      const points = taken.shares[taken.grabbed - 1] ?? 0
      await tx
        .update(liveRedpaperGrab)
        .set({ points })
        .where(s.where(liveRedpaperGrab, eq(liveRedpaperGrab.id, grab.id)))
      const balance = await creditPoints(tx, c.tenantId, me, points, 'redpaper', {
        sessionId: c.sessionId,
        refId: redpaperId,
      })
      left = taken.count - taken.grabbed
      return ok({ points, balance })
    })
    if (ack.ok && (ack.data as { points: number }).points > 0) {
      const { points } = ack.data as { points: number }
      this.k.emit(seat.room, 'REDPAPER_GRABBED', { redpaperId, user: seat.user, points, left })
    }
    return ack
  }
}
