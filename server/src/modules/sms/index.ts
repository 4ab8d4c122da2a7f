/** SMS sends for the four scenes; the scene decides whether the phone must be known or free. */
import { eq } from 'drizzle-orm'
import { sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers } from '../../http/core'
import { type SmsScene, sendSmsCode } from '../../services/sms'

export const phoneTaken = async (ctx: Ctx, telPhone: string) => {
  const [row] = await ctx.db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(ctx.scope.where(sysUser, eq(sysUser.telPhone, telPhone)))
  return !!row
}

const send =
  (scene: SmsScene) =>
  async (ctx: Ctx, { body }: { body: { telPhone: string } }) => {
    const taken = await phoneTaken(ctx, body.telPhone)
    if ((scene === 'register' || scene === 'bindNew') && taken) {
      throw new AppError(400, 'telPhone: this phone number is already registered')
    }
    if (scene === 'forget' && !taken) throw new AppError(400, 'telPhone: this phone number is not registered')
    await sendSmsCode(ctx, body.telPhone, scene)
    return null
  }

export const handlers: Handlers = {
  'POST /app/common/sms/register': send('register'),
  'POST /app/common/sms/login': send('login'),
  'POST /app/common/sms/forget': send('forget'),
  'POST /app/common/sms/bindNew': send('bindNew'),
}
