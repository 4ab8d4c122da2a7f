/**
 * Demo exams of each tenant (idempotent: a tenant that has exams is skipped), on the papers of the tenant's first
 * question bank (docs/DECISIONS.md "Exams"):
 * - 结业考试: formal, tied to the first course goods with required courses; required courses, identity, info
 *   confirmation and an exam-site booking; certificate; 2 attempts, 60 minutes;
 * - 在线模拟考试（短时）: formal, open to every learner; a booking with the signed letter; certificate; 3 attempts,
 *   60 seconds (the browser test lets its time run out);
 * - 练习测验: formal, no conditions, unlimited attempts, 20 minutes;
 * - two mock exams of the first business / subject: one open now for 30 days, one opening in 3 days; 90 minutes,
 *   1 attempt each, applications open now.
 * The short exams use a small paper of single-choice / judgement questions, created once per tenant.
 * The apply seed (./apply.ts, run after this one) adds the sites and sessions of exams that need a booking.
 */
import { asc, eq, gt, inArray } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { bank, business, exam, goods, goodsCourse, paper, paperQuestion, question, subject, tenant } from '../db/schema'
import { TenantScope } from '../http/core'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const DAY = 24 * 3600 * 1000
const SMALL_PAPER = '在线考试卷（5题）'

async function smallPaper(tx: Tx, scope: TenantScope, bankId: number): Promise<number | undefined> {
  const [have] = await tx
    .select({ id: paper.id })
    .from(paper)
    .where(scope.where(paper, eq(paper.bankId, bankId), eq(paper.name, SMALL_PAPER)))
  if (have) return have.id
  const qs = await tx
    .select({ id: question.id, type: question.type })
    .from(question)
    .where(scope.where(question, eq(question.bankId, bankId), inArray(question.type, [1, 3])))
    .orderBy(asc(question.sort), asc(question.id))
    .limit(40)
  // a mix: single-choice first, then judgement, five in all
  const singles = qs.filter((q) => q.type === 1)
  const judges = qs.filter((q) => q.type === 3)
  const picked = [...singles.slice(0, 3), ...judges.slice(0, 2)]
  for (const q of qs) if (picked.length < 5 && !picked.includes(q)) picked.push(q)
  if (picked.length === 0) return undefined
  const [p] = await tx
    .insert(paper)
    .values(scope.row({ bankId, name: SMALL_PAPER, free: false, passScore: 0, durationMinutes: 1, sort: 99 }))
    .returning({ id: paper.id })
  await tx
    .insert(paperQuestion)
    .values(picked.map((q, i) => scope.row({ paperId: p!.id, questionId: q.id, sort: i + 1 })))
  return p!.id
}

async function seedTenant(tx: Tx, tenantId: number) {
  const scope = new TenantScope(tenantId)
  const [firstBank] = await tx
    .select({ id: bank.id })
    .from(bank)
    .where(scope.where(bank))
    .orderBy(asc(bank.sort), asc(bank.id))
    .limit(1)
  if (!firstBank) return
  const small = await smallPaper(tx, scope, firstBank.id)
  if (small === undefined) return
  const papers = await tx
    .select({ id: paper.id })
    .from(paper)
    .where(scope.where(paper, eq(paper.bankId, firstBank.id), eq(paper.free, false)))
    .orderBy(asc(paper.sort), asc(paper.id))
  const mainPaper = papers.find((p) => p.id !== small)?.id ?? small

  const [courseGoods] = await tx
    .select({ id: goods.id })
    .from(goods)
    .innerJoin(goodsCourse, eq(goodsCourse.goodsId, goods.id))
    .where(scope.where(goods, eq(goods.goodsType, 1), eq(goods.status, 1), eq(goodsCourse.required, true)))
    .orderBy(asc(goods.sort), asc(goods.id))
    .limit(1)
  const [firstBusiness] = await tx
    .select({ id: business.id, name: business.name })
    .from(business)
    .where(scope.where(business))
    .orderBy(asc(business.sort), asc(business.id))
    .limit(1)
  const [firstSubject] = firstBusiness
    ? await tx
        .select({ id: subject.id })
        .from(subject)
        .where(scope.where(subject, eq(subject.businessId, firstBusiness.id)))
        .orderBy(asc(subject.sort), asc(subject.id))
        .limit(1)
    : []

  const now = Date.now()
  const at = (days: number) => new Date(now + days * DAY)
  const rows: (typeof exam.$inferInsert)[] = [
    ...(courseGoods
      ? [
          scope.row({
            kind: 'formal',
            name: '结业考试',
            description:
              '<p>完成全部必修课程、通过实名认证并确认个人信息后，预约考场并签署考试承诺书，在预约的场次内参加考试。</p>' +
              '<p>考试时长 60 分钟，共 2 次机会，成绩合格即颁发结业证书。</p>',
            goodsId: courseGoods.id,
            paperId: mainPaper,
            durationSeconds: 60 * 60,
            maxAttempts: 2,
            openAt: at(-1),
            closeAt: at(365),
            requireCourses: true,
            requireIdentity: true,
            requireInfoConfirm: true,
            requireAppointment: true,
            certificate: true,
            sort: 1,
          }),
        ]
      : []),
    scope.row({
      kind: 'formal',
      name: '在线模拟考试（短时）',
      description:
        '<p>预约考场并签署考试承诺书后即可开考。考试时长 60 秒，时间到系统自动交卷。</p>' +
        '<p>共 3 次机会，成绩合格颁发合格证书。</p>',
      goodsId: null,
      paperId: small,
      durationSeconds: 60,
      maxAttempts: 3,
      openAt: at(-1),
      closeAt: at(365),
      requireAppointment: true,
      certificate: true,
      sort: 2,
    }),
    scope.row({
      kind: 'formal',
      name: '练习测验',
      description: '<p>随时可考、次数不限，检验学习效果。考试时长 20 分钟。</p>',
      goodsId: null,
      paperId: small,
      durationSeconds: 20 * 60,
      maxAttempts: 0,
      sort: 3,
    }),
    ...[
      { n: 1, open: at(0), close: at(30) },
      { n: 2, open: at(3), close: at(4) },
    ].map(({ n, open, close }) =>
      scope.row({
        kind: 'mock',
        name: `${firstBusiness?.name ?? ''}模拟考试（第${n}场）`,
        description: '<p>报名后在考试时间内进入考试，时长 90 分钟，仅 1 次机会，交卷后可查看成绩与解析。</p>',
        goodsId: null,
        paperId: mainPaper,
        businessId: firstBusiness?.id ?? null,
        subjectId: firstSubject?.id ?? null,
        durationSeconds: 90 * 60,
        maxAttempts: 1,
        openAt: open,
        closeAt: close,
        applyOpenAt: at(0),
        // applications close with the mock itself (no applying for a mock that is over)
        applyCloseAt: new Date(Math.min(now + 30 * DAY, close.getTime())),
        sort: 10 + n,
      }),
    ),
  ]
  await tx.insert(exam).values(rows)
}

/** Seeds the demo exams of a tenant that has none (and has a question bank to take them from). */
export async function seedExams(db: Db, tenantId: number): Promise<void> {
  const scope = new TenantScope(tenantId)
  if ((await countRows(db, exam, scope.where(exam))) > 0) return
  await db.transaction((tx) => seedTenant(tx, tenantId))
}

/** seedExams for every tenant. */
export async function seedExamsIfEmpty(db: Db): Promise<void> {
  const tenants = await db.select({ id: tenant.id }).from(tenant).where(gt(tenant.id, 0))
  for (const t of tenants) await seedExams(db, t.id)
}
