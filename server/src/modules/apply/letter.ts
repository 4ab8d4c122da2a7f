/**
 * The exam commitment letter (docs/DECISIONS.md "Exams"): the tenant's text (config `exam.commitment`,
 * `{title, content}` JSON, sanitised) or the default below, and the signature stored with the learner's active
 * exam booking. The signature is an image the learner uploaded through the upload service, stored as its canonical
 * URL (services/upload/own.ts).
 */
import { eq } from 'drizzle-orm'
import { APPOINTMENT_STATUS, EXAM_CODE } from '../../../../contract/schemas/exam-codes'
import { appointment, config } from '../../db/schema'
import { AppError, type Handlers, requireUser, toSeconds } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'
import { ownUpload } from '../../services/upload/own'
import type { Scoped } from '../bank/core'
import { activeExamAppointment } from '../exam/eligibility'
import { visibleExam } from '../exam/rows'
import { ownAppointment } from './views'

export const COMMITMENT_CONFIG_KEY = 'exam.commitment'

export const DEFAULT_COMMITMENT = {
  title: '考生诚信考试承诺书',
  content: [
    '<p>本人自愿参加本次考试，已认真阅读并知悉考试的有关规定和纪律要求，现郑重承诺：</p>',
    '<ol>',
    '<li>本人所填写、提交的姓名、身份证号、联系电话等个人信息及证明材料真实、准确、有效，如有不实，本人承担由此造成的一切后果。</li>',
    '<li>自觉遵守考场纪律和考试规则，服从考务工作人员的管理、监督和检查，按预约的时间和考点参加考试。</li>',
    '<li>本人亲自参加考试，不请他人代考，不替他人参加考试，不以任何方式作弊或协助他人作弊。</li>',
    '<li>不携带手机、智能手表、耳机等电子通讯设备及书籍、资料等考试规定以外的物品进入考场。</li>',
    '<li>考试结束后不以任何方式记录、复制、传播或泄露考试试题及答案，不参与任何形式的考试舞弊活动。</li>',
    '<li>如有违反上述承诺或考试纪律的行为，本人自愿接受取消考试成绩、取消考试资格等处理，一切后果由本人自负。</li>',
    '</ol>',
    '<p>本承诺书经本人签名确认后生效。</p>',
  ].join(''),
}

/** The tenant's letter or the default; content sanitised (the config is edited by staff, shown as HTML). */
async function letterText(ctx: Scoped): Promise<{ title: string; content: string }> {
  const [row] = await ctx.db
    .select({ v: config.configValue })
    .from(config)
    .where(ctx.scope.where(config, eq(config.configKey, COMMITMENT_CONFIG_KEY)))
  let v: { title?: unknown; content?: unknown } = {}
  if (row) {
    try {
      v = JSON.parse(row.v) as typeof v
    } catch {
      v = {}
    }
  }
  return {
    title: typeof v.title === 'string' && v.title.trim() ? v.title.trim() : DEFAULT_COMMITMENT.title,
    content: sanitizeArticle(
      typeof v.content === 'string' && v.content.trim() ? v.content : DEFAULT_COMMITMENT.content,
    ),
  }
}

export const handlers: Handlers = {
  'GET /base/profile/tp/getInfo': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const e = await visibleExam(ctx, userId, query.examId)
    const [text, a] = await Promise.all([letterText(ctx), activeExamAppointment(ctx, userId, e.id)])
    return {
      examId: e.id,
      examName: e.name,
      ...text,
      appointmentId: a?.id ?? null,
      signed: a?.signedAt != null,
      signatureUrl: a?.signatureUrl ?? '',
      signedTime: a?.signedAt ? toSeconds(a.signedAt) : null,
    }
  },

  'POST /base/profile/tp/commitment/upload': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const a = await ownAppointment(ctx, userId, body.appointmentId)
    if (a.kind !== 'exam') throw new AppError(400, 'appointmentId: only an exam booking carries the commitment letter')
    if (a.status !== APPOINTMENT_STATUS.booked)
      throw new AppError(EXAM_CODE.bookingRule, '该预约已取消，请重新预约后再签署承诺书')
    if (a.endTime * 1000 <= Date.now()) throw new AppError(EXAM_CODE.bookingRule, '该场次已结束，不能再签署承诺书')
    const { url: signatureUrl } = await ownUpload(ctx, userId, body.signatureUrl, 'signatureUrl', { headers })
    const [saved] = await ctx.db
      .update(appointment)
      .set({ signatureUrl, signedAt: new Date(), updatedAt: new Date() })
      .where(
        ctx.scope.where(
          appointment,
          eq(appointment.id, a.appointmentId),
          eq(appointment.userId, userId),
          eq(appointment.status, APPOINTMENT_STATUS.booked),
        ),
      )
      .returning({ id: appointment.id })
    // cancelled meanwhile
    if (!saved) throw new AppError(EXAM_CODE.bookingRule, '该预约已取消，请重新预约后再签署承诺书')
    return ownAppointment(ctx, userId, a.appointmentId)
  },
}
