/**
 * The mailing address the learner gave last (issue 17; docs/DECISIONS.md "Account extras"), to fill the next form
 * that asks for one.
 */
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm'
import { liveLotteryWinner } from '../../db/schema'
import { type Handlers, requireUser, toSeconds } from '../../http/core'

export const handlers: Handlers = {
  /**
   * The mailing address the learner gave last (today: a live lottery prize claim, LOTTERY_CLAIM), to fill the next
   * form that asks for one; null when none was given.
   */
  'GET /app/before/address': async (ctx) => {
    const { userId } = requireUser(ctx)
    const [row] = await ctx.db
      .select({
        name: liveLotteryWinner.claimName,
        phone: liveLotteryWinner.claimPhone,
        address: liveLotteryWinner.claimAddress,
        at: liveLotteryWinner.claimedAt,
      })
      .from(liveLotteryWinner)
      .where(
        ctx.scope.where(
          liveLotteryWinner,
          and(
            eq(liveLotteryWinner.userId, userId),
            isNotNull(liveLotteryWinner.claimedAt),
            ne(liveLotteryWinner.claimAddress, ''),
          ),
        ),
      )
      .orderBy(desc(liveLotteryWinner.claimedAt), desc(liveLotteryWinner.id))
      .limit(1)
    return row ? { name: row.name, phone: row.phone, address: row.address, usedTime: toSeconds(row.at!) } : null
  },
}
