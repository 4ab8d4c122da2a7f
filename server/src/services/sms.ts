/**
 * SMS codes (docs/DECISIONS.md): 6 digits, 5 minutes, single use, at most 1 per phone per 60 s,
 * 10 per phone per day, 20 per IP per hour. Delivery sits behind `SmsSender`.
 */
import { randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { countRows } from '../db'
import { smsCode } from '../db/schema'
import { AppError, type Ctx } from '../http/core'

export type SmsScene = 'register' | 'login' | 'forget' | 'bindNew'

export interface SmsSender {
  send(telPhone: string, code: string, scene: SmsScene, tenantId: number): Promise<void>
}

/** Default sender: writes the code to the log (production plugs a real provider behind the interface). */
export class LocalSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(telPhone: string, code: string, scene: SmsScene) {
    this.log.info(`sms code ${code} sent to ${telPhone} (${scene})`)
  }
}

const MAX_ATTEMPTS = 5

export async function sendSmsCode(ctx: Ctx, telPhone: string, scene: SmsScene): Promise<void> {
  const { db, scope, config } = ctx
  const now = Date.now()
  const since = (s: number) => new Date(now - s * 1000)
  const lastMinute = await countRows(
    db,
    smsCode,
    scope.where(smsCode, eq(smsCode.telPhone, telPhone), gt(smsCode.createdAt, since(config.sms.gapSeconds))),
  )
  if (lastMinute > 0)
    throw new AppError(429, `please wait ${config.sms.gapSeconds} seconds before requesting another code`)
  const today = await countRows(
    db,
    smsCode,
    scope.where(smsCode, eq(smsCode.telPhone, telPhone), gt(smsCode.createdAt, since(24 * 3600))),
  )
  if (today >= config.sms.perPhonePerDay) throw new AppError(429, 'too many codes for this phone today')
  // per IP across tenants: one sender, one abuse budget
  const perIp = await countRows(db, smsCode, and(eq(smsCode.ip, ctx.ip), gt(smsCode.createdAt, since(3600))))
  if (perIp >= config.sms.perIpPerHour) throw new AppError(429, 'too many codes from this address, try again later')

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.insert(smsCode).values(
    scope.row({
      telPhone,
      scene,
      code,
      ip: ctx.ip,
      createdAt: new Date(now),
      expiresAt: new Date(now + config.sms.ttlSeconds * 1000),
    }),
  )
  await ctx.services.sms.send(telPhone, code, scene, scope.tenantId)
}

/** Consumes the newest live code of this phone and scene; wrong codes count attempts. */
export async function consumeSmsCode(ctx: Ctx, telPhone: string, scene: SmsScene, code: string): Promise<void> {
  const { db, scope } = ctx
  const [row] = await db
    .select()
    .from(smsCode)
    .where(
      scope.where(
        smsCode,
        eq(smsCode.telPhone, telPhone),
        eq(smsCode.scene, scene),
        isNull(smsCode.usedAt),
        gt(smsCode.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(smsCode.createdAt), desc(smsCode.id))
    .limit(1)
  if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError(400, 'code: sms code is wrong or expired')
  if (row.code !== code) {
    await db
      .update(smsCode)
      .set({ attempts: sql`${smsCode.attempts} + 1` })
      .where(scope.where(smsCode, eq(smsCode.id, row.id)))
    throw new AppError(400, 'code: sms code is wrong or expired')
  }
  const used = await db
    .update(smsCode)
    .set({ usedAt: new Date() })
    .where(scope.where(smsCode, eq(smsCode.id, row.id), isNull(smsCode.usedAt)))
    .returning({ id: smsCode.id })
  if (used.length === 0) throw new AppError(400, 'code: sms code is wrong or expired')
}
