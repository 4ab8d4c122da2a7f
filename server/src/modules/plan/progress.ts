/**
 * What a learner did on each day, derived from the real records (docs/DECISIONS.md "Study plans"), never typed in:
 * - course, minutes: the video watched in accepted study intervals (`study_interval.accepted`: real time, in
 *   bounds, not in parallel — the same checks that credit hours) of the course's sections, by the interval's end;
 *   watching a part again counts again (it is study time), unlike hours, which count a second once;
 * - course, sections: the course's sections finished that day (`study_progress.finished_at`);
 * - bank, questions: the distinct questions of the bank answered that day in any attempt (`record_answer`, by the
 *   answer's time; an answer left empty at submit does not count).
 * Days are Asia/Shanghai days (UTC+8, as everywhere in the product).
 */
import { and, countDistinct, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { PlanUnit } from '../../../../contract/schemas/plan-codes'
import { addDays } from '../../../../contract/schemas/plan-codes'
import { courseSection, question, recordAnswer, studyInterval, studyProgress } from '../../db/schema'
import type { Scoped } from '../learn/core'

/** The first instant of a YYYY-MM-DD in Asia/Shanghai. */
export const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`))

/** YYYY-MM-DD (Asia/Shanghai) of a timestamptz column, in SQL */
const dayExpr = (col: PgColumn) => sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`

export interface Target {
  kind: 'course' | 'bank'
  unit: PlanUnit
  courseId: number | null
  bankId: number | null
}

export const targetKey = (t: Target) => (t.kind === 'course' ? `c${t.courseId}:${t.unit}` : `b${t.bankId}:${t.unit}`)

/** day -> targetKey -> amount (minutes, sections, questions); absent = 0 */
export type Amounts = Map<string, Map<string, number>>

export const amountOf = (a: Amounts, day: string, t: Target) => a.get(day)?.get(targetKey(t)) ?? 0

/** The learner's amounts for the targets over [from, to] (YYYY-MM-DD, inclusive): at most three grouped queries. */
export async function amounts(
  ctx: Scoped,
  userId: number,
  targets: Target[],
  from: string,
  to: string,
): Promise<Amounts> {
  const out: Amounts = new Map()
  if (targets.length === 0 || from > to) return out
  const start = dayStart(from)
  const end = dayStart(addDays(to, 1))
  const put = (day: string, key: string, n: number) => {
    const m = out.get(day) ?? new Map<string, number>()
    m.set(key, (m.get(key) ?? 0) + n)
    out.set(day, m)
  }
  const ids = (kind: Target['kind'], unit: PlanUnit) => [
    ...new Set(
      targets
        .filter((t) => t.kind === kind && t.unit === unit)
        .map((t) => (kind === 'course' ? t.courseId : t.bankId))
        .filter((id): id is number => id !== null),
    ),
  ]
  const minuteCourses = ids('course', 'minutes')
  const sectionCourses = ids('course', 'sections')
  const banks = ids('bank', 'questions')
  const tenantId = ctx.scope.tenantId
  const sectionOf = (col: PgColumn, courses: number[]): SQL =>
    and(
      eq(courseSection.id, col),
      eq(courseSection.tenantId, tenantId),
      inArray(courseSection.courseId, courses),
    ) as SQL

  await Promise.all([
    minuteCourses.length > 0 &&
      ctx.db
        .select({
          day: dayExpr(studyInterval.wallEnd),
          courseId: courseSection.courseId,
          seconds: sql<number>`coalesce(sum(${studyInterval.endPosition} - ${studyInterval.startPosition}), 0)`,
        })
        .from(studyInterval)
        .innerJoin(courseSection, sectionOf(studyInterval.sectionId, minuteCourses))
        .where(
          ctx.scope.where(
            studyInterval,
            eq(studyInterval.userId, userId),
            eq(studyInterval.accepted, true),
            gte(studyInterval.wallEnd, start),
            lt(studyInterval.wallEnd, end),
          ),
        )
        .groupBy(sql`1`, courseSection.courseId)
        .then((rows) => {
          for (const r of rows) put(r.day, `c${r.courseId}:minutes`, Math.floor(Number(r.seconds) / 60))
        }),
    sectionCourses.length > 0 &&
      ctx.db
        .select({
          day: dayExpr(studyProgress.finishedAt),
          courseId: courseSection.courseId,
          n: countDistinct(studyProgress.sectionId),
        })
        .from(studyProgress)
        .innerJoin(courseSection, sectionOf(studyProgress.sectionId, sectionCourses))
        .where(
          ctx.scope.where(
            studyProgress,
            eq(studyProgress.userId, userId),
            isNotNull(studyProgress.finishedAt),
            gte(studyProgress.finishedAt, start),
            lt(studyProgress.finishedAt, end),
          ),
        )
        .groupBy(sql`1`, courseSection.courseId)
        .then((rows) => {
          for (const r of rows) put(r.day, `c${r.courseId}:sections`, Number(r.n))
        }),
    banks.length > 0 &&
      ctx.db
        .select({
          day: dayExpr(recordAnswer.answeredAt),
          bankId: question.bankId,
          n: countDistinct(recordAnswer.questionId),
        })
        .from(recordAnswer)
        .innerJoin(
          question,
          and(
            eq(question.id, recordAnswer.questionId),
            eq(question.tenantId, tenantId),
            inArray(question.bankId, banks),
          ),
        )
        .where(
          ctx.scope.where(
            recordAnswer,
            eq(recordAnswer.userId, userId),
            gte(recordAnswer.answeredAt, start),
            lt(recordAnswer.answeredAt, end),
            or(isNull(recordAnswer.state), sql`${recordAnswer.state} <> 'unanswered'`),
          ),
        )
        .groupBy(sql`1`, question.bankId)
        .then((rows) => {
          for (const r of rows) put(r.day, `b${r.bankId}:questions`, Number(r.n))
        }),
  ])
  return out
}
