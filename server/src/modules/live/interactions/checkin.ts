/**
 * Check-in (SIGN_IN, TO_SIGN_IN, STOP_SIGN_IN, CHECKIN_RESULT): the teacher opens one with a time limit, learners
 * sign once while it runs, moderators see each signature; it closes at the time-out (./timed.ts) or when the
 * teacher stops it. Attendance and the lottery among signers read its signatures.
 */
import { asc, eq, gt, sql } from 'drizzle-orm'
import {
  type ActiveInteractions,
  INTERACTION,
  INTERACTION_ERRORS,
} from '../../../../../contract/schemas/live-interactions'
import type { Db } from '../../../db'
import { liveCheckin, liveCheckinSign } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { escapeText } from '../chat/data'
import type { Kind, Kit, Payload, Seat } from './kit'
import { Answer, bad, fail, inTx, isInt, isPosInt, MSG, ok, outer, staffRoomOf, textOf, userOf } from './kit'
import { closing, type Timed } from './timed'

const OVER = 'this check-in is over'
/** the check-in signatures CHECKIN_RESULT lists at most (total counts them all) */
const CHECKIN_LIST_MAX = 5000

/** who signed the check-in: all (the lottery's pool), or the first CHECKIN_LIST_MAX in order (the result list) */
export async function signersOf(db: Db, s: TenantScope, checkinId: number, listed = false) {
  const q = db
    .select({
      userId: liveCheckinSign.userId,
      nick: liveCheckinSign.nick,
      pic: liveCheckinSign.pic,
      userType: liveCheckinSign.userType,
    })
    .from(liveCheckinSign)
    .where(s.where(liveCheckinSign, eq(liveCheckinSign.checkinId, checkinId)))
  const rows = listed ? await q.orderBy(asc(liveCheckinSign.id)).limit(CHECKIN_LIST_MAX) : await q
  return rows.map(userOf)
}

export class Checkin implements Kind {
  readonly timed: Timed = {
    name: 'checkin',
    deadline: { table: liveCheckin, open: 'open', at: liveCheckin.endsAt },
    expire: async (tenantId, id) => {
      await this.close(tenantId, id, 'timeout')
    },
  }
  readonly handlers = {
    SIGN_IN: (seat: Seat, p: Payload) => this.start(seat, p),
    STOP_SIGN_IN: (seat: Seat, p: Payload) => this.stop(seat, p),
    CHECKIN_RESULT: (seat: Seat, p: Payload) => this.result(seat, p),
    TO_SIGN_IN: (seat: Seat, p: Payload) => this.sign(seat, p),
  }

  constructor(private readonly k: Kit) {}

  /** the one running in the room, for the LOGIN snapshot */
  async active(seat: Seat, now: Date): Promise<ActiveInteractions['checkin']> {
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [ck] = await this.k.d.db
      .select({
        id: liveCheckin.id,
        message: liveCheckin.message,
        endsAt: liveCheckin.endsAt,
        signed: sql<boolean>`exists (select 1 from ${liveCheckinSign} where ${liveCheckinSign.tenantId} = ${outer('live_checkin', 'tenant_id')} and ${liveCheckinSign.checkinId} = ${outer('live_checkin', 'id')} and ${liveCheckinSign.userId} = ${seat.user.userId})`,
      })
      .from(liveCheckin)
      .where(
        s.where(
          liveCheckin,
          eq(liveCheckin.sessionId, c.sessionId),
          eq(liveCheckin.state, 'open'),
          gt(liveCheckin.endsAt, now),
        ),
      )
      .limit(1)
    return ck
      ? { checkinId: ck.id, message: ck.message, endsAt: ck.endsAt.getTime(), signed: Boolean(ck.signed) }
      : null
  }

  private async start(seat: Seat, p: Payload) {
    const message = textOf(p.message ?? '', 200, 0)
    if (message === null) return bad('message: at most 200 characters')
    const { checkinMinS } = this.k.d.timing
    if (!isInt(p.limitSeconds, checkinMinS, INTERACTION.CHECKIN_MAX_S))
      return bad(`limitSeconds: ${checkinMinS} to ${INTERACTION.CHECKIN_MAX_S} seconds`)
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    await this.k.closeOverdue(this.timed.name, c.tenantId, c.sessionId)
    const endsAt = new Date(Date.now() + p.limitSeconds * 1000)
    const [row] = await this.k.d.db
      .insert(liveCheckin)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          message: escapeText(message),
          endsAt,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: liveCheckin.id, message: liveCheckin.message })
    if (!row) return bad('a check-in is running in this room: stop it first', 'checkinRunning')
    this.k.emit(seat.room, 'SIGN_IN', { checkinId: row.id, message: row.message, endsAt: endsAt.getTime() })
    this.k.arm(this.timed.name, c.tenantId, row.id, endsAt.getTime())
    return ok({ checkinId: row.id, endsAt: endsAt.getTime() })
  }

  /** closes it once (the teacher, or the time-out by the server clock): STOP_SIGN_IN to the room */
  private async close(tenantId: number, id: number, by: number | 'timeout') {
    const s = new TenantScope(tenantId)
    const [row] = await this.k.d.db
      .update(liveCheckin)
      .set({ state: 'closed', closedAt: new Date() })
      .where(s.where(liveCheckin, ...closing(liveCheckin, id, by)))
      .returning({ channelId: liveCheckin.channelId, sessionId: liveCheckin.sessionId, signed: liveCheckin.signed })
    if (!row) return null
    this.k.emit(this.k.roomOf(tenantId, row), 'STOP_SIGN_IN', { checkinId: id, signed: row.signed })
    return row
  }

  private async stop(seat: Seat, p: Payload) {
    if (!isPosInt(p.checkinId)) return bad('checkinId: a check-in id')
    const row = await this.close(seat.claims.tenantId, p.checkinId, seat.claims.sessionId)
    if (!row) return fail(INTERACTION_ERRORS.over, OVER)
    return ok({ signed: row.signed })
  }

  private async result(seat: Seat, p: Payload) {
    if (!isPosInt(p.checkinId)) return bad('checkinId: a check-in id')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [ck] = await this.k.d.db
      .select({ signed: liveCheckin.signed })
      .from(liveCheckin)
      .where(s.where(liveCheckin, eq(liveCheckin.id, p.checkinId), eq(liveCheckin.sessionId, c.sessionId)))
    if (!ck) return bad('checkinId: no such check-in in this room', 'gone')
    return ok({ signed: await signersOf(this.k.d.db, s, p.checkinId, true), total: ck.signed })
  }

  private async sign(seat: Seat, p: Payload) {
    if (!isPosInt(p.checkinId)) return bad('checkinId: a check-in id')
    const checkinId = p.checkinId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const u = seat.user
    const ack = await inTx(this.k.d.db, async (tx) => {
      // the count and the time rule in one conditional update (its row lock orders the signatures)
      const [ck] = await tx
        .update(liveCheckin)
        .set({ signed: sql`${liveCheckin.signed} + 1` })
        .where(
          s.where(
            liveCheckin,
            eq(liveCheckin.id, checkinId),
            eq(liveCheckin.sessionId, c.sessionId),
            eq(liveCheckin.state, 'open'),
            gt(liveCheckin.endsAt, new Date()),
          ),
        )
        .returning({ signed: liveCheckin.signed })
      if (!ck) throw new Answer(fail(INTERACTION_ERRORS.over, OVER))
      const [signed] = await tx
        .insert(liveCheckinSign)
        .values(
          s.row({
            checkinId,
            sessionId: c.sessionId,
            userId: u.userId,
            nick: u.nick,
            pic: u.pic,
            userType: u.userType,
          }),
        )
        .onConflictDoNothing()
        .returning({ id: liveCheckinSign.id })
      if (!signed) throw new Answer(fail(INTERACTION_ERRORS.already, MSG.already))
      return ok({ signed: ck.signed })
    })
    if (ack.ok) {
      const { signed } = ack.data as { signed: number }
      this.k.emit(staffRoomOf(seat.room), 'TO_SIGN_IN', { checkinId, user: u, signed })
      return ok()
    }
    return ack
  }
}
