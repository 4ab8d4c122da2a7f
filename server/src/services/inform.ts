/**
 * Messages to a learner (spec "messages"; /app/informUser*): every event a learner should hear about writes one row
 * here, through this one door. The messages page lists them; `informSum` of /app/user/infoAttached counts the unread.
 * docs/DECISIONS.md "Messages": which events write one, the texts (written once in the school's language, zh-CN,
 * like a letter), the link each opens; announcements (`notifyTenant`) write one copy per learner in one statement.
 */
import { and, eq, sql } from 'drizzle-orm'
import { INFORM_KINDS, type InformKind } from '../../../contract/schemas/inform-codes'
import type { Db } from '../db'
import { informUser, sysUser } from '../db/schema'
import type { TenantScope } from '../http/core'

export { INFORM_KINDS, type InformKind }

export interface InformMessage {
  kind: InformKind
  title: string
  content: string
  /** an app route the message opens, e.g. `/pages2/order/index` */
  link?: string
}

export const TITLE_MAX = 200
export const LINK_MAX = 300

/** Write one message to one learner of the scope's tenant. `db` may be a transaction (write it with the event). */
export async function notify(db: Db, scope: TenantScope, userId: number, msg: InformMessage): Promise<void> {
  await db.insert(informUser).values(
    scope.row({
      userId,
      kind: msg.kind,
      title: msg.title.slice(0, TITLE_MAX),
      content: msg.content,
      link: (msg.link ?? '').slice(0, LINK_MAX),
    }),
  )
}

/**
 * A tenant announcement: one copy (kind 'notice', the same noticeId) for every learner of the scope's tenant, in one
 * INSERT … SELECT (staff accounts are not learners and get none). Returns how many copies were written.
 */
export async function notifyTenant(
  db: Db,
  scope: TenantScope,
  noticeId: number,
  msg: { title: string; content: string; link?: string },
): Promise<number> {
  // both drivers answer a raw statement with { rows }: count the copies in the same statement
  const result = (await db.execute(sql`
    with sent as (
      insert into ${informUser} (tenant_id, user_id, kind, title, content, link, notice_id)
      select ${sysUser.tenantId}, ${sysUser.id}, 'notice', ${msg.title.slice(0, TITLE_MAX)}, ${msg.content},
        ${(msg.link ?? '').slice(0, LINK_MAX)}, ${noticeId}::int
      from ${sysUser}
      where ${and(eq(sysUser.tenantId, scope.tenantId), eq(sysUser.staffRole, ''))}
      returning 1
    )
    select count(*)::int as n from sent
  `)) as unknown as { rows: { n: number }[] }
  return Number(result.rows[0]?.n ?? 0)
}

// ---- the texts of the events (one place; the callers pass what the sentence needs) ----

const LINKS = {
  orders: (tab: 'paid' | 'refund') => `/pages2/order/index?tab=${tab}`,
  invoices: '/pages2/invoice/index',
  appointment: (appointmentId: number) => `/pages2/appointment/appointment_success?appointmentId=${appointmentId}`,
  examResult: (examId: number) => `/pages2/exam/exam_result?examId=${examId}`,
  identity: '/pages2/verify/input',
} as const

const yuan = (cents: number) => (cents / 100).toFixed(2)

export const MESSAGES = {
  orderPaid: (o: { orderNo: string; payPrice: number; goods: string }): InformMessage => ({
    kind: 'order',
    title: '订单支付成功',
    content: `您的订单 ${o.orderNo}（${o.goods}）已支付成功，实付 ¥${yuan(o.payPrice)}。购买的内容已开通，可在“我的订单”查看。`,
    link: LINKS.orders('paid'),
  }),
  refundDecided: (o: {
    orderNo: string
    payPrice: number
    approved: boolean
    reason?: string | null
  }): InformMessage =>
    o.approved
      ? {
          kind: 'refund',
          title: '退款申请已通过',
          content: `您的订单 ${o.orderNo} 的退款申请已通过，¥${yuan(o.payPrice)} 将原路退回，相关课程和题库的学习权限已关闭。`,
          link: LINKS.orders('refund'),
        }
      : {
          kind: 'refund',
          title: '退款申请未通过',
          content: `您的订单 ${o.orderNo} 的退款申请未通过${o.reason ? `，原因：${o.reason}` : ''}。订单保持已支付，可继续学习。`,
          link: LINKS.orders('refund'),
        },
  invoiceIssued: (i: { title: string; amount: number; email: string }): InformMessage => ({
    kind: 'invoice',
    title: '发票已开具',
    content: `您申请的发票（抬头：${i.title}，金额 ¥${yuan(i.amount)}）已开具${i.email ? `，将发送至 ${i.email}` : ''}。`,
    link: LINKS.invoices,
  }),
  booked: (a: {
    appointmentId: number
    kind: string
    examName: string
    site: string
    time: string
  }): InformMessage => ({
    kind: 'exam',
    title: a.kind === 'train' ? '培训预约成功' : '考试预约成功',
    content: `您已预约${a.kind === 'train' ? '培训' : '考试'}“${a.examName}”：${a.time}，${a.site}。请按时到场${a.kind === 'train' ? '' : '，考前记得签署考试承诺书'}。`,
    link: LINKS.appointment(a.appointmentId),
  }),
  reminder: (a: {
    appointmentId: number
    kind: string
    examName: string
    site: string
    time: string
  }): InformMessage => ({
    kind: 'exam',
    title: a.kind === 'train' ? '培训提醒：明天开始' : '考试提醒：明天开考',
    content: `您预约的${a.kind === 'train' ? '培训' : '考试'}“${a.examName}”将于 ${a.time} 在 ${a.site} 开始，请提前到场并携带身份证件。`,
    link: LINKS.appointment(a.appointmentId),
  }),
  certificate: (c: { examId: number; examName: string; serial: string }): InformMessage => ({
    kind: 'certificate',
    title: '证书已颁发',
    content: `恭喜您通过“${c.examName}”，证书已颁发，证书编号 ${c.serial}。可在成绩页查看和保存证书。`,
    link: LINKS.examResult(c.examId),
  }),
  identityDecided: (d: { approved: boolean; reason?: string }): InformMessage =>
    d.approved
      ? {
          kind: 'identity',
          title: '实名认证已通过',
          content: '您提交的实名认证已审核通过，姓名和身份证号已写入个人资料。',
          link: LINKS.identity,
        }
      : {
          kind: 'identity',
          title: '实名认证未通过',
          content: `您提交的实名认证未通过审核${d.reason ? `，原因：${d.reason}` : ''}。请核对信息后重新提交。`,
          link: LINKS.identity,
        },
} as const

/** `2026-03-01 09:00` in China Standard Time (the schools' clock; docs/DECISIONS.md "Question bank": days are CST) */
export function cstDateTime(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${c.getUTCFullYear()}-${p(c.getUTCMonth() + 1)}-${p(c.getUTCDate())} ${p(c.getUTCHours())}:${p(c.getUTCMinutes())}`
}

/** where a booked session is, as the messages say it: city, site, address */
export const placeOf = (a: { cityName: string; siteName: string; siteAddress: string }) =>
  [a.cityName, a.siteName, a.siteAddress].filter((x) => x.trim() !== '').join(' ')
