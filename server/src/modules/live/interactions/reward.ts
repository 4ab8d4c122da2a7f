/**
 * Rewards and flowers (REWARD, FLOWERS): a learner gives the teacher in the room some of their points (a debit and
 * a credit in one transaction, ../points.ts: a balance never goes below 0), or a bunch of flowers (free, one every
 * FLOWER_GAP_MS, counted per class).
 */
import { sql } from 'drizzle-orm'
import { CHAT_ERRORS } from '../../../../../contract/schemas/live-codes'
import { INTERACTION, INTERACTION_ERRORS } from '../../../../../contract/schemas/live-interactions'
import { liveTally } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { creditPoints, debitPoints } from '../points'
import type { Kind, Kit, Payload, Seat } from './kit'
import { Answer, bad, fail, inTx, isInt, MSG, ok } from './kit'

const NO_POINTS = 'not enough points'
const FLOWERS_TOO_FAST = `one bunch of flowers every ${INTERACTION.FLOWER_GAP_MS / 1000} seconds`

export class Reward implements Kind {
  readonly handlers = {
    REWARD: (seat: Seat, p: Payload) => this.reward(seat, p),
    FLOWERS: (seat: Seat) => this.flowers(seat),
  }

  constructor(private readonly k: Kit) {}

  private async reward(seat: Seat, p: Payload) {
    if (!isInt(p.points, 1, INTERACTION.REWARD_MAX_POINTS)) return bad(`points: 1 to ${INTERACTION.REWARD_MAX_POINTS}`)
    const points = p.points
    const c = seat.claims
    const { store } = this.k.d
    // the teacher online in the room (the lowest user id when several)
    const online = await store.counts(seat.room)
    const staff = await store.list(seat.room, 0, online.staff)
    const teacher = staff.find((u) => u.userType === 'teacher')
    if (!teacher) return bad('no teacher is in the room to reward')
    const me = seat.user.userId
    const ack = await inTx(this.k.d.db, async (tx) => {
      const ref = { sessionId: c.sessionId }
      const balance = await debitPoints(tx, c.tenantId, me, points, 'reward_sent', {
        ...ref,
        otherUserId: teacher.userId,
      })
      if (balance === null) throw new Answer(fail(INTERACTION_ERRORS.points, NO_POINTS))
      await creditPoints(tx, c.tenantId, teacher.userId, points, 'reward_received', { ...ref, otherUserId: me })
      return ok({ balance })
    })
    if (ack.ok) this.k.emit(seat.room, 'REWARD', { user: seat.user, points })
    return ack
  }

  private async flowers(seat: Seat) {
    const c = seat.claims
    const { chat, store } = this.k.d
    const channel = await chat.channel(c.tenantId, c.channelId)
    if (!channel) return fail(CHAT_ERRORS.token, 'chat room token error')
    if (channel.chatClosed && !seat.staff) return fail(CHAT_ERRORS.closed, MSG.closed)
    if (!(await store.takeSlot(`flower:${seat.room}:${seat.user.userId}`, INTERACTION.FLOWER_GAP_MS)))
      return fail(CHAT_ERRORS.tooFast, FLOWERS_TOO_FAST)
    const s = new TenantScope(c.tenantId)
    const [row] = await this.k.d.db
      .insert(liveTally)
      .values(s.row({ sessionId: c.sessionId, flowers: 1 }))
      .onConflictDoUpdate({
        target: [liveTally.tenantId, liveTally.sessionId],
        set: { flowers: sql`${liveTally.flowers} + 1` },
      })
      .returning({ flowers: liveTally.flowers })
    this.k.emit(seat.room, 'FLOWERS', { user: seat.user, total: row!.flowers })
    return ok({ total: row!.flowers })
  }
}
