/** Image captcha (svg-captcha): 4 characters, 2 minutes, single use, case-insensitive. */
import { randomUUID } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import svgCaptcha from 'svg-captcha'
import { captcha } from '../../db/schema'
import { AppError, type Ctx, type Handlers } from '../../http/core'

export const handlers: Handlers = {
  'GET /captchaImage': async (ctx) => {
    const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI' })
    const uuid = randomUUID()
    // housekeeping: drop this tenant's expired captchas
    await ctx.db.delete(captcha).where(ctx.scope.where(captcha, lt(captcha.expiresAt, new Date())))
    await ctx.db.insert(captcha).values(
      ctx.scope.row({
        uuid,
        text: text.toLowerCase(),
        expiresAt: new Date(Date.now() + ctx.config.captchaTtlSeconds * 1000),
      }),
    )
    ctx.log.debug(`captcha ${uuid} = ${text}`)
    return { img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, uuid }
  },
}

/** Deletes the captcha (single use, even when the answer is wrong) and checks the answer. */
export async function consumeCaptcha(ctx: Ctx, uuid: string, code: string): Promise<void> {
  const [row] = await ctx.db
    .delete(captcha)
    .where(ctx.scope.where(captcha, eq(captcha.uuid, uuid)))
    .returning()
  if (!row || row.expiresAt.getTime() < Date.now() || row.text !== code.trim().toLowerCase()) {
    throw new AppError(400, 'code: captcha is wrong or expired')
  }
}
