/** A learner's practice statistics and their trend (docs/DECISIONS.md "Question bank"). */

import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { toInt } from '../../db'
import { bankChapter, bankRecord, question } from '../../db/schema'
import { countsBy } from './banks'
import { dayOf, endOfDay, gapsOf, rate, type Scoped } from './core'
import { gradedAnswers } from './draw'
import { answersOf } from './records'

export async function statistics(ctx: Scoped, userId: number, bankId?: number) {
  const bankIds = bankId ? [bankId] : undefined
  const [all, records] = await Promise.all([
    gradedAnswers(ctx, userId, bankIds),
    ctx.db
      .select()
      .from(bankRecord)
      .where(
        ctx.scope.where(bankRecord, eq(bankRecord.userId, userId), bankId ? eq(bankRecord.bankId, bankId) : undefined),
      ),
  ])
  const latest = new Map<number, (typeof all)[number]>()
  for (const a of all) {
    const cur = latest.get(a.questionId)
    if (!cur || cur.answeredAt < a.answeredAt) latest.set(a.questionId, a)
  }
  const done = [...latest.values()]
  const right = done.filter((a) => a.state === 'right').length
  // time spent: every answer (graded or not) of the learner's attempts
  const answers = await answersOf(
    ctx,
    records.map((r) => r.id),
  )
  let timeSpent = 0
  for (const r of records) {
    const mine = answers.filter((a) => a.recordId === r.id)
    timeSpent += gapsOf(
      r.startedAt,
      mine.map((a) => a.answeredAt),
    ).reduce((s, g) => s + g, 0)
  }
  // chapters: all of the bank when one is asked, else those answered
  const chapterIds = bankId
    ? (
        await ctx.db
          .select({ id: bankChapter.id })
          .from(bankChapter)
          .where(ctx.scope.where(bankChapter, eq(bankChapter.bankId, bankId)))
          .orderBy(asc(bankChapter.sort), asc(bankChapter.id))
      ).map((c) => c.id)
    : [...new Set(done.map((a) => a.chapterId).filter((c): c is number => c !== null))]
  const chapters =
    chapterIds.length > 0
      ? await ctx.db
          .select()
          .from(bankChapter)
          .where(ctx.scope.where(bankChapter, inArray(bankChapter.id, chapterIds)))
          .orderBy(asc(bankChapter.bankId), asc(bankChapter.sort), asc(bankChapter.id))
      : []
  const qn = await countsBy(ctx, 'chapterId', chapterIds)
  const typeCounts = await ctx.db
    .select({ type: question.type, n: count() })
    .from(question)
    .where(
      ctx.scope.where(
        question,
        bankId
          ? eq(question.bankId, bankId)
          : done.length > 0
            ? inArray(question.bankId, [...new Set(done.map((a) => a.bankId))])
            : sql`false`,
      ),
    )
    .groupBy(question.type)
  const line = (rows: typeof done, raw: typeof all) => {
    const r = rows.filter((a) => a.state === 'right').length
    return { doneNum: rows.length, rightNum: r, rightRate: rate(r, rows.length), answerNum: raw.length }
  }
  return {
    doneNum: done.length,
    rightNum: right,
    rightRate: rate(right, done.length),
    answerNum: all.length,
    timeSpentSeconds: Math.round(timeSpent),
    recordNum: records.length,
    submittedNum: records.filter((r) => r.submittedAt !== null).length,
    byChapter: chapters.map((c) => ({
      chapterId: c.id,
      chapterName: c.name,
      questionNum: qn.get(c.id) ?? 0,
      ...line(
        done.filter((a) => a.chapterId === c.id),
        all.filter((a) => a.chapterId === c.id),
      ),
    })),
    byType: ([1, 2, 3, 4, 5] as const).map((type) => ({
      type,
      questionNum: toInt(typeCounts.find((t) => t.type === type)?.n),
      ...line(
        done.filter((a) => a.type === type),
        all.filter((a) => a.type === type),
      ),
    })),
  }
}

export async function trend(ctx: Scoped, userId: number, days: number, bankId?: number) {
  const now = new Date()
  const from = new Date(endOfDay(now).getTime() - days * 24 * 3600 * 1000)
  const all = (await gradedAnswers(ctx, userId, bankId ? [bankId] : undefined)).filter((a) => a.answeredAt >= from)
  const recordIds = [...new Set(all.map((a) => a.recordId))]
  const records =
    recordIds.length > 0
      ? await ctx.db
          .select()
          .from(bankRecord)
          .where(ctx.scope.where(bankRecord, inArray(bankRecord.id, recordIds)))
      : []
  const answers = await answersOf(ctx, recordIds)
  const time = new Map<string, number>()
  for (const r of records) {
    const mine = answers
      .filter((a) => a.recordId === r.id)
      .sort((a, b) => a.answeredAt.getTime() - b.answeredAt.getTime())
    const gaps = gapsOf(
      r.startedAt,
      mine.map((a) => a.answeredAt),
    )
    mine.forEach((a, i) => {
      if (a.answeredAt < from) return
      const d = dayOf(a.answeredAt)
      time.set(d, (time.get(d) ?? 0) + gaps[i]!)
    })
  }
  const out = []
  for (let i = days - 1; i >= 0; i--) {
    const date = dayOf(new Date(now.getTime() - i * 24 * 3600 * 1000))
    const mine = all.filter((a) => dayOf(a.answeredAt) === date)
    const right = mine.filter((a) => a.state === 'right').length
    out.push({
      date,
      answerNum: mine.length,
      rightNum: right,
      rightRate: rate(right, mine.length),
      timeSpentSeconds: Math.round(time.get(date) ?? 0),
    })
  }
  return out
}

// ---- wrong book / favourites queries ----
