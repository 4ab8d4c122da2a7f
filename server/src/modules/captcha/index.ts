/**
 * Image captcha (svg-captcha): 4 characters, 2 minutes, single use, case-insensitive. Kept in Redis when REDIS_URL
 * is set (`<prefix>:captcha:<tenant>:<uuid>`, expiring with the captcha, taken with GETDEL), else in the database;
 * either way every server process sees it.
 */
import { randomUUID } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import svgCaptcha from 'svg-captcha'
import { captcha } from '../../db/schema'
import { AppError, type Ctx, type Handlers } from '../../http/core'

const redisKey = (ctx: Ctx, uuid: string) => `${ctx.services.redis!.prefix}:captcha:${ctx.scope.tenantId}:${uuid}`

export const handlers: Handlers = {
  'GET /captchaImage': async (ctx) => {
    const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI' })
    const uuid = randomUUID()
    const ttlMs = ctx.config.captchaTtlSeconds * 1000
    if (ctx.services.redis) {
      await ctx.services.redis.cmd.set(redisKey(ctx, uuid), text.toLowerCase(), 'PX', ttlMs)
    } else {
      // housekeeping: drop this tenant's expired captchas
      await ctx.db.delete(captcha).where(ctx.scope.where(captcha, lt(captcha.expiresAt, new Date())))
      await ctx.db
        .insert(captcha)
        .values(ctx.scope.row({ uuid, text: text.toLowerCase(), expiresAt: new Date(Date.now() + ttlMs) }))
    }
    ctx.log.debug(`captcha ${uuid} = ${text}`)
    return { img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, uuid }
  },
}

/** Deletes the captcha (single use, even when the answer is wrong) and checks the answer. */
export async function consumeCaptcha(ctx: Ctx, uuid: string, code: string): Promise<void> {
  const wrong = () => new AppError(400, 'code: captcha is wrong or expired')
  if (ctx.services.redis) {
    // expired keys are gone: what GETDEL answers is live
    const text = await ctx.services.redis.cmd.getdel(redisKey(ctx, uuid))
    if (text === null || text !== code.trim().toLowerCase()) throw wrong()
    return
  }
  const [row] = await ctx.db
    .delete(captcha)
    .where(ctx.scope.where(captcha, eq(captcha.uuid, uuid)))
    .returning()
  if (!row || row.expiresAt.getTime() < Date.now() || row.text !== code.trim().toLowerCase()) throw wrong()
}
