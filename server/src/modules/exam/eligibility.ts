/**
 * Entry conditions of an exam (docs/DECISIONS.md "Exams"): required courses finished, identity certified,
 * personal info confirmed, an exam-site booking, the commitment letter signed. Booking checks the first three;
 * sitting checks all that the exam asks for. Each failed check says what is missing and where to fix it.
 */
import { and, desc, eq } from 'drizzle-orm'
import {
  APPOINTMENT_STATUS,
  ELIGIBILITY_FIX_PATH,
  type EligibilityKey,
  EXAM_CODE,
} from '../../../../contract/schemas/exam-codes'
import { REVIEW_STATUS } from '../../../../contract/schemas/learn-codes'
import { appointment, type exam, identityCert, infoConfirm, sysUser } from '../../db/schema'
import { AppError } from '../../http/core'
import { type Lang, localize } from '../../http/refusals'
import type { Scoped } from '../bank/core'
import { goodsById } from '../learn/core'
import { requiredMissing } from '../learn/grades'

export type ExamRow = typeof exam.$inferSelect
export type AppointmentRow = typeof appointment.$inferSelect

export interface Check {
  key: EligibilityKey
  ok: boolean
  title: string
  message: string
  fixPath: string
}

/** Personal info is confirmed when a confirmation exists and name, ID and phone are unchanged since. */
export async function infoConfirmed(ctx: Scoped, userId: number): Promise<{ ok: boolean; confirmedAt: Date | null }> {
  const [row] = await ctx.db
    .select({
      confirmedAt: infoConfirm.confirmedAt,
      realName: infoConfirm.realName,
      idCard: infoConfirm.idCard,
      telPhone: infoConfirm.telPhone,
      uName: sysUser.realName,
      uId: sysUser.idCard,
      uTel: sysUser.telPhone,
    })
    .from(infoConfirm)
    .innerJoin(sysUser, eq(sysUser.id, infoConfirm.userId))
    .where(ctx.scope.where(infoConfirm, eq(infoConfirm.userId, userId)))
  if (!row) return { ok: false, confirmedAt: null }
  const same = row.realName === row.uName && row.idCard === row.uId && row.telPhone === row.uTel
  return { ok: same, confirmedAt: row.confirmedAt }
}

export async function certStatusOf(ctx: Scoped, userId: number): Promise<number> {
  const [cert] = await ctx.db
    .select({ status: identityCert.status })
    .from(identityCert)
    .where(ctx.scope.where(identityCert, eq(identityCert.userId, userId)))
  return cert?.status ?? REVIEW_STATUS.none
}

/** The learner's active exam-site booking of an exam (newest). */
export async function activeExamAppointment(ctx: Scoped, userId: number, examId: number) {
  const [row] = await ctx.db
    .select()
    .from(appointment)
    .where(
      ctx.scope.where(
        appointment,
        and(
          eq(appointment.userId, userId),
          eq(appointment.examId, examId),
          eq(appointment.kind, 'exam'),
          eq(appointment.status, APPOINTMENT_STATUS.booked),
        ),
      ),
    )
    .orderBy(desc(appointment.id))
    .limit(1)
  return row
}

/**
 * The checks an exam asks for. `stage` booking: courses, identity, info (what must hold before a seat is
 * taken); sitting: all of them, including the booking and the signed letter.
 */
export async function checksFor(
  ctx: Scoped & { lang?: Lang | null },
  userId: number,
  e: ExamRow,
  stage: 'booking' | 'sitting',
): Promise<Check[]> {
  const checks: Check[] = []
  if (e.requireCourses && e.goodsId) {
    const g = await goodsById(ctx, e.goodsId)
    const missing = await requiredMissing(ctx, userId, g)
    checks.push({
      key: 'courses',
      ok: missing.length === 0,
      title: '完成必修课程',
      message:
        missing.length === 0
          ? ''
          : `还有 ${missing.length} 门必修课未学完：${missing
              .map((m) => `${m.courseName}（${m.finishedSectionNum}/${m.sectionNum}）`)
              .join('、')}`,
      fixPath: `${ELIGIBILITY_FIX_PATH.courses}?goodsId=${e.goodsId}`,
    })
  }
  if (e.requireIdentity) {
    const status = await certStatusOf(ctx, userId)
    checks.push({
      key: 'identity',
      ok: status === REVIEW_STATUS.approved,
      title: '完成实名认证',
      message:
        status === REVIEW_STATUS.approved
          ? ''
          : status === REVIEW_STATUS.pending
            ? '实名认证审核中，通过后才能继续'
            : status === REVIEW_STATUS.rejected
              ? '实名认证未通过，请重新提交'
              : '尚未实名认证',
      fixPath: ELIGIBILITY_FIX_PATH.identity,
    })
  }
  if (e.requireInfoConfirm) {
    const info = await infoConfirmed(ctx, userId)
    checks.push({
      key: 'info',
      ok: info.ok,
      title: '确认个人信息',
      message: info.ok
        ? ''
        : info.confirmedAt
          ? '个人信息已变更，请重新确认'
          : '尚未确认个人信息（姓名、身份证号、手机号）',
      fixPath: `${ELIGIBILITY_FIX_PATH.info}?examId=${e.id}`,
    })
  }
  if (stage === 'sitting' && e.requireAppointment) {
    const a = await activeExamAppointment(ctx, userId, e.id)
    checks.push({
      key: 'appointment',
      ok: a !== undefined,
      title: '预约考场',
      message: a ? '' : '尚未预约考场',
      fixPath: `${ELIGIBILITY_FIX_PATH.appointment}?examId=${e.id}&kind=exam`,
    })
    checks.push({
      key: 'letter',
      ok: a?.signedAt != null,
      title: '签署考试承诺书',
      message: a?.signedAt ? '' : '尚未签署考试承诺书',
      fixPath: `${ELIGIBILITY_FIX_PATH.letter}?examId=${e.id}`,
    })
  }
  // the checklist in the learner's language (its texts are written in zh-CN above)
  return checks.map((c) => ({ ...c, title: localize(c.title, ctx.lang), message: localize(c.message, ctx.lang) }))
}

/** Refuse with EXAM_CODE.notEligible and the checks when any fails. */
export function assertEligible(checks: Check[]): void {
  const failed = checks.filter((c) => !c.ok)
  if (failed.length === 0) return
  const reasons = failed.map((c) => c.message || c.title)
  // the checks are in the learner's language already: join them in its punctuation
  const sep = reasons.some((r) => /[\u4e00-\u9fff]/.test(r)) ? '；' : '; '
  throw new AppError(EXAM_CODE.notEligible, `还不能继续：${reasons.join(sep)}`, {
    eligible: false,
    checks,
  })
}
