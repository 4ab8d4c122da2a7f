/**
 * Lottery (LOTTERY_START, ON_LOTTERY, LOTTERY_END, LOTTERY_CLAIM): the teacher draws among the learners present
 * (never staff) or those who signed a check-in; the winners are drawn fairly (./draw.ts) and stored at once, and
 * announced once the draw animation is over (a time-out, ./timed.ts); only a winner claims the prize, once, after
 * the announcement.
 */
import { asc, eq, lte, sql } from 'drizzle-orm'
import { PHONE_RE } from '../../../../../contract/schemas'
import { type ChatUser, isModerator } from '../../../../../contract/schemas/live-codes'
import { INTERACTION, INTERACTION_ERRORS } from '../../../../../contract/schemas/live-interactions'
import { liveCheckin, liveLottery, liveLotteryWinner } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { escapeText } from '../chat/data'
import { signersOf } from './checkin'
import { drawWinners } from './draw'
import type { Kind, Kit, Payload, Seat } from './kit'
import { bad, fail, isInt, isPosInt, MSG, ok, textOf, userOf } from './kit'
import type { Timed } from './timed'

const OVER = 'no such lottery in this room'
const NOT_WINNER = 'you did not win this lottery'

export class Lottery implements Kind {
  readonly timed: Timed = {
    name: 'lottery',
    deadline: { table: liveLottery, open: 'drawing', at: liveLottery.drawAt },
    expire: (tenantId, id) => this.announce(tenantId, id),
  }
  readonly handlers = {
    LOTTERY_START: (seat: Seat, p: Payload) => this.start(seat, p),
    LOTTERY_CLAIM: (seat: Seat, p: Payload) => this.claim(seat, p),
  }

  constructor(private readonly k: Kit) {}

  private async start(seat: Seat, p: Payload) {
    const prize = textOf(p.prize, 100)
    if (prize === null) return bad('prize: 1 to 100 characters')
    if (!isInt(p.winnerCount, 1, INTERACTION.LOTTERY_MAX_WINNERS))
      return bad(`winnerCount: 1 to ${INTERACTION.LOTTERY_MAX_WINNERS}`)
    if (p.among !== 'present' && p.among !== 'checkedIn') return bad('among: present or checkedIn')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const { db, store } = this.k.d
    let pool: ChatUser[]
    let checkinId: number | null = null
    if (p.among === 'checkedIn') {
      if (!isPosInt(p.checkinId)) return bad('checkinId: the check-in whose signers may win')
      checkinId = p.checkinId
      const [ck] = await db
        .select({ id: liveCheckin.id })
        .from(liveCheckin)
        .where(s.where(liveCheckin, eq(liveCheckin.id, checkinId), eq(liveCheckin.sessionId, c.sessionId)))
      if (!ck) return bad('checkinId: no such check-in in this room', 'gone')
      pool = await signersOf(db, s, checkinId)
    } else {
      const online = await store.counts(seat.room)
      pool = await store.list(seat.room, 0, online.staff + online.audience + 100)
    }
    // learners only: a moderator never wins
    const eligible = pool.filter((u) => !isModerator(u.userType))
    if (eligible.length === 0) return bad('nobody can win: no learner is eligible', 'nobodyEligible')
    const winners = drawWinners(eligible, p.winnerCount, (u) => u.userId)
    const drawAt = new Date(Date.now() + this.k.d.timing.lotteryDrawMs)
    const lotteryId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(liveLottery)
        .values(
          s.row({
            channelId: c.channelId,
            sessionId: c.sessionId,
            byUserId: seat.user.userId,
            prize: escapeText(prize),
            winnerCount: p.winnerCount as number,
            among: p.among as string,
            checkinId,
            eligible: eligible.length,
            drawAt,
          }),
        )
        .returning({ id: liveLottery.id })
      await tx
        .insert(liveLotteryWinner)
        .values(
          winners.map((w) =>
            s.row({ lotteryId: row!.id, userId: w.userId, nick: w.nick, pic: w.pic, userType: w.userType }),
          ),
        )
      return row!.id
    })
    this.k.emit(seat.room, 'LOTTERY_START', {
      lotteryId,
      prize: escapeText(prize),
      winnerCount: winners.length,
      drawAt: drawAt.getTime(),
    })
    this.k.arm(this.timed.name, c.tenantId, lotteryId, drawAt.getTime())
    return ok({ lotteryId, winners: winners.length, eligible: eligible.length, drawAt: drawAt.getTime() })
  }

  /** the draw animation is over: the stored winners are announced, once */
  private async announce(tenantId: number, id: number) {
    const s = new TenantScope(tenantId)
    const { db } = this.k.d
    const [row] = await db
      .update(liveLottery)
      .set({ state: 'drawn' })
      .where(
        s.where(
          liveLottery,
          eq(liveLottery.id, id),
          eq(liveLottery.state, 'drawing'),
          lte(liveLottery.drawAt, new Date()),
        ),
      )
      .returning({ channelId: liveLottery.channelId, sessionId: liveLottery.sessionId, prize: liveLottery.prize })
    if (!row) return
    const winners = await db
      .select({
        userId: liveLotteryWinner.userId,
        nick: liveLotteryWinner.nick,
        pic: liveLotteryWinner.pic,
        userType: liveLotteryWinner.userType,
      })
      .from(liveLotteryWinner)
      .where(s.where(liveLotteryWinner, eq(liveLotteryWinner.lotteryId, id)))
      .orderBy(asc(liveLotteryWinner.id))
    const room = this.k.roomOf(tenantId, row)
    this.k.emit(room, 'ON_LOTTERY', { lotteryId: id, prize: row.prize, winners: winners.map(userOf) })
    this.k.emit(room, 'LOTTERY_END', { lotteryId: id })
  }

  private async claim(seat: Seat, p: Payload) {
    if (!isPosInt(p.lotteryId)) return bad('lotteryId: a lottery id')
    const lotteryId = p.lotteryId
    const name = textOf(p.name, 30)
    if (name === null) return bad('name: 1 to 30 characters')
    const phone = typeof p.phone === 'string' ? p.phone.trim() : ''
    if (!PHONE_RE.test(phone)) return bad('phone: an 11-digit mobile number')
    const address = textOf(p.address, 200)
    if (address === null) return bad('address: 1 to 200 characters')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const { db } = this.k.d
    const [lot] = await db
      .select({ state: liveLottery.state })
      .from(liveLottery)
      .where(s.where(liveLottery, eq(liveLottery.id, lotteryId), eq(liveLottery.sessionId, c.sessionId)))
    if (!lot) return fail(INTERACTION_ERRORS.over, OVER)
    const [win] = await db
      .select({ id: liveLotteryWinner.id, claimedAt: liveLotteryWinner.claimedAt })
      .from(liveLotteryWinner)
      .where(
        s.where(
          liveLotteryWinner,
          eq(liveLotteryWinner.lotteryId, lotteryId),
          eq(liveLotteryWinner.userId, seat.user.userId),
        ),
      )
    // before the announcement nobody knows they won: nobody may claim yet
    if (!win || lot.state !== 'drawn') return fail(INTERACTION_ERRORS.notWinner, NOT_WINNER)
    const done = await db
      .update(liveLotteryWinner)
      .set({ claimName: escapeText(name), claimPhone: phone, claimAddress: escapeText(address), claimedAt: new Date() })
      .where(s.where(liveLotteryWinner, eq(liveLotteryWinner.id, win.id), sql`${liveLotteryWinner.claimedAt} is null`))
      .returning({ id: liveLotteryWinner.id })
    if (done.length === 0) return fail(INTERACTION_ERRORS.already, MSG.already)
    return ok()
  }
}
