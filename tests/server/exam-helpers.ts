/** Exam test fixtures: exam rows on the seeded small paper, the paper's right / wrong answers, sites and bookings. */
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../server/src/db'
import {
  applyArea,
  applySession,
  applySite,
  appointment,
  exam,
  paper,
  paperQuestion,
  question,
} from '../../server/src/db/schema'

export const SMALL_PAPER = '在线考试卷（5题）'

export interface PaperQ {
  id: number
  type: number
  right: string
  wrong: string
  score: number
}

export async function smallPaperOf(db: Db, tenantId: number): Promise<{ paperId: number; questions: PaperQ[] }> {
  const [p] = await db
    .select({ id: paper.id })
    .from(paper)
    .where(and(eq(paper.tenantId, tenantId), eq(paper.name, SMALL_PAPER)))
  if (!p) throw new Error(`no seeded paper ${SMALL_PAPER} in ${tenantId}`)
  const rows = await db
    .select({ q: question })
    .from(paperQuestion)
    .innerJoin(question, eq(question.id, paperQuestion.questionId))
    .where(and(eq(paperQuestion.tenantId, tenantId), eq(paperQuestion.paperId, p.id)))
    .orderBy(asc(paperQuestion.sort))
  return {
    paperId: p.id,
    questions: rows.map(({ q }) => ({
      id: q.id,
      type: q.type,
      right: q.ans,
      wrong: q.optionsList.map((o) => o.label).find((l) => l !== q.ans) ?? 'Z',
      score: q.score,
    })),
  }
}

let examCounter = 0

export async function addExam(db: Db, tenantId: number, paperId: number, values: Partial<typeof exam.$inferInsert>) {
  const [row] = await db
    .insert(exam)
    .values({
      tenantId,
      kind: 'formal',
      name: `测试考试 ${++examCounter}`,
      paperId,
      durationSeconds: 600,
      maxAttempts: 0,
      ...values,
    })
    .returning()
  return row!
}

/** A site with one exam session of `examId` from `startOffset` to `endOffset` seconds from now. */
export async function addSession(db: Db, tenantId: number, examId: number, startOffset: number, endOffset: number) {
  const [province] = await db.insert(applyArea).values({ tenantId, parentId: 0, name: '测试省' }).returning()
  const [city] = await db.insert(applyArea).values({ tenantId, parentId: province!.id, name: '测试市' }).returning()
  const [site] = await db
    .insert(applySite)
    .values({ tenantId, cityId: city!.id, name: '测试考点', address: '测试路 1 号', phone: '020-12345678' })
    .returning()
  const [session] = await db
    .insert(applySession)
    .values({
      tenantId,
      siteId: site!.id,
      examId,
      kind: 'exam',
      startAt: new Date(Date.now() + startOffset * 1000),
      endAt: new Date(Date.now() + endOffset * 1000),
      capacity: 10,
      booked: 1,
    })
    .returning()
  return session!
}

export async function book(
  db: Db,
  tenantId: number,
  userId: number,
  examId: number,
  sessionId: number,
  signed: boolean,
) {
  const [row] = await db
    .insert(appointment)
    .values({
      tenantId,
      userId,
      examId,
      sessionId,
      kind: 'exam',
      status: 1,
      signatureUrl: signed ? `/oss/t${tenantId}/u${userId}/img/20250601/sign.png` : '',
      signedAt: signed ? new Date() : null,
    })
    .returning()
  return row!
}
