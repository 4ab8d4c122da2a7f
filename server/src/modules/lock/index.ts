/**
 * Single-session lock (docs/DECISIONS.md "Session"). lockStatus answers envelope code 200 when ANOTHER
 * device holds a lock seen in the last 10 minutes and code 500 when the lock is free; both travel with
 * HTTP 200 because 500 here is an answer, not a failure (spec §4).
 */
import { and, eq, gt, ne } from 'drizzle-orm'
import { userLock } from '../../db/schema'
import { type Ctx, EnvelopeResult, type Handlers, requireUser } from '../../http/core'

export const LOCK_FRESH_MS = 10 * 60 * 1000

export async function claimLock(ctx: Ctx, userId: number, action: string, uuid: string) {
  await ctx.db
    .insert(userLock)
    .values(ctx.scope.row({ userId, action, uuid, seenAt: new Date() }))
    .onConflictDoUpdate({
      target: [userLock.tenantId, userLock.userId, userLock.action, userLock.uuid],
      set: { seenAt: new Date() },
    })
}

export async function releaseOtherLocks(ctx: Ctx, userId: number, uuid: string) {
  await ctx.db
    .delete(userLock)
    .where(ctx.scope.where(userLock, and(eq(userLock.userId, userId), ne(userLock.uuid, uuid))))
}

export const handlers: Handlers = {
  'POST /lock/lockAction': async (ctx, { body }) => {
    await claimLock(ctx, requireUser(ctx).userId, body.action, body.uuid)
    return null
  },

  'POST /lock/delLock': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    await ctx.db
      .delete(userLock)
      .where(
        ctx.scope.where(
          userLock,
          eq(userLock.userId, userId),
          eq(userLock.action, body.action),
          eq(userLock.uuid, body.uuid),
        ),
      )
    return null
  },

  'POST /lock/lockStatus': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const [other] = await ctx.db
      .select({ id: userLock.id })
      .from(userLock)
      .where(
        ctx.scope.where(
          userLock,
          eq(userLock.userId, userId),
          eq(userLock.action, body.action),
          ne(userLock.uuid, body.uuid),
          gt(userLock.seenAt, new Date(Date.now() - LOCK_FRESH_MS)),
        ),
      )
      .limit(1)
    return other ? new EnvelopeResult(200, 'another device is active', null) : new EnvelopeResult(500, 'free', null)
  },
}
