/**
 * The WeChat payer of an order (docs/DECISIONS.md "WeChat login and binding"): WeChat Pay's JSAPI needs the payer's
 * openid of the app the learner pays in. A body's `openId` is passed on as it is (WeChat itself refuses a payment
 * started by another WeChat user than the prepay's payer, so a foreign openid only makes that payment fail); without
 * one, the learner's bound openid of the order's channel (small = mini program, gzh = official account) is used.
 */
import { and, eq } from 'drizzle-orm'
import { tenantWechatApp, userWechat } from '../../db/schema'
import type { Ctx } from '../../http/core'

const KIND_OF_CHANNEL: Record<string, 'mini' | 'gzh' | undefined> = { small: 'mini', gzh: 'gzh' }

export async function payerOpenId(
  ctx: Ctx,
  userId: number,
  channel: string,
  openId: string | undefined,
): Promise<string | undefined> {
  if (openId) return openId
  const kind = KIND_OF_CHANNEL[channel]
  if (!kind) return undefined
  // the learner's openids of the school's current apps
  const rows = await ctx.db
    .select({ openId: userWechat.openId })
    .from(userWechat)
    .innerJoin(
      tenantWechatApp,
      and(
        eq(tenantWechatApp.tenantId, userWechat.tenantId),
        eq(tenantWechatApp.kind, userWechat.kind),
        eq(tenantWechatApp.appId, userWechat.appId),
      ),
    )
    .where(ctx.scope.where(userWechat, eq(userWechat.userId, userId), eq(userWechat.kind, kind)))
  return rows[0]?.openId
}
