/**
 * The study ranking of My account (docs/DECISIONS.md "Ranking"): the tenant's learners by study hours, questions
 * done or right rate over the last 7 / 30 days or all time. Three aggregate queries (lesson hours, live class time
 * and answers per learner), merged and ranked here, then one read of the names of the rows shown: never a query
 * per learner.
 * `GET /app/user/rankingList` with an examId is the exam ranking (../exam/profile.ts), which calls this without one.
 */
import { and, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { liveSession, liveWatch, recordAnswer, studyInterval, sysUser } from '../../db/schema'
import type { Scoped } from '../bank/core'
import { maskName } from '../exam/certificates'

export type RankBy = 'hours' | 'questions' | 'rate'
export type RankPeriod = 'week' | 'month' | 'all'

/** A right rate needs at least this many graded answers in the period to rank (1 of 1 is not a 100% learner). */
export const RATE_MIN_ANSWERS = 20

const DAY_MS = 24 * 3600 * 1000
const since = (period: RankPeriod): Date | null =>
  period === 'week' ? new Date(Date.now() - 7 * DAY_MS) : period === 'month' ? new Date(Date.now() - 30 * DAY_MS) : null

interface Measures {
  userId: number
  studySeconds: number
  questionNum: number
  graded: number
  right: number
}

const rateOf = (m: Measures) => (m.graded > 0 ? Math.round((m.right / m.graded) * 1000) / 10 : 0)

function measureOf(m: Measures, by: RankBy): number {
  if (by === 'hours') return m.studySeconds
  if (by === 'questions') return m.questionNum
  return rateOf(m)
}

/** Whether the learner is on the board of this measure at all. */
function qualifies(m: Measures, by: RankBy): boolean {
  if (by === 'hours') return m.studySeconds > 0
  if (by === 'questions') return m.questionNum > 0
  return m.graded >= RATE_MIN_ANSWERS
}

/**
 * Live class time per learner (issue 25), counted as the study hours count it (modules/live/watch.ts): a class's
 * live and replay time together, never more than the class's scheduled length; a watch row counts in the period
 * when it was begun in it (rows are per class and mode, not per day). One GROUP BY over the tenant's rows.
 */
function liveSeconds(ctx: Scoped, from: Date | null) {
  const perClass = ctx.db
    .select({
      userId: liveWatch.userId,
      seconds:
        sql<number>`least(sum(${liveWatch.creditedSeconds}), greatest(0, extract(epoch from (${liveSession.endAt} - ${liveSession.startAt}))))`.as(
          'seconds',
        ),
    })
    .from(liveWatch)
    .innerJoin(liveSession, and(eq(liveSession.id, liveWatch.sessionId), eq(liveSession.tenantId, liveWatch.tenantId)))
    .where(ctx.scope.where(liveWatch, from ? gte(liveWatch.createdAt, from) : undefined))
    .groupBy(liveWatch.userId, liveWatch.sessionId, liveSession.startAt, liveSession.endAt)
    .as('per_class')
  return ctx.db
    .select({ userId: perClass.userId, seconds: sql<number>`coalesce(sum(${perClass.seconds}), 0)::float8` })
    .from(perClass)
    .groupBy(perClass.userId)
}

async function measures(ctx: Scoped, period: RankPeriod): Promise<Map<number, Measures>> {
  const from = since(period)
  const [hours, live, answers] = await Promise.all([
    ctx.db
      .select({
        userId: studyInterval.userId,
        seconds: sql<number>`coalesce(sum(${studyInterval.creditedSeconds}), 0)::float8`,
      })
      .from(studyInterval)
      .where(
        ctx.scope.where(
          studyInterval,
          eq(studyInterval.accepted, true),
          from ? gte(studyInterval.wallEnd, from) : undefined,
        ),
      )
      .groupBy(studyInterval.userId),
    liveSeconds(ctx, from),
    ctx.db
      .select({
        userId: recordAnswer.userId,
        done: sql<number>`count(*)::int`,
        graded: sql<number>`count(*) filter (where ${recordAnswer.state} in ('right', 'partial', 'wrong'))::int`,
        right: sql<number>`count(*) filter (where ${recordAnswer.state} = 'right')::int`,
      })
      .from(recordAnswer)
      .where(
        ctx.scope.where(
          recordAnswer,
          isNotNull(recordAnswer.state),
          ne(recordAnswer.state, 'unanswered'),
          from ? gte(recordAnswer.answeredAt, from) : undefined,
        ),
      )
      .groupBy(recordAnswer.userId),
  ])
  const all = new Map<number, Measures>()
  const of = (userId: number) => {
    let m = all.get(userId)
    if (!m) {
      m = { userId, studySeconds: 0, questionNum: 0, graded: 0, right: 0 }
      all.set(userId, m)
    }
    return m
  }
  for (const h of hours) of(h.userId).studySeconds = Math.round(Number(h.seconds))
  for (const l of live) of(l.userId).studySeconds += Math.round(Number(l.seconds))
  for (const a of answers) {
    const m = of(a.userId)
    m.questionNum = Number(a.done)
    m.graded = Number(a.graded)
    m.right = Number(a.right)
  }
  return all
}

export interface StudyRankingQuery {
  by: RankBy
  period: RankPeriod
  limit: number
}

export async function studyRanking(ctx: Scoped, userId: number, q: StudyRankingQuery) {
  const all = await measures(ctx, q.period)
  const board = [...all.values()]
    .filter((m) => qualifies(m, q.by))
    // higher is better; a tie keeps the same rank, ordered by who has more of the other measures, then by id
    .sort(
      (a, b) =>
        measureOf(b, q.by) - measureOf(a, q.by) ||
        b.studySeconds - a.studySeconds ||
        b.questionNum - a.questionNum ||
        a.userId - b.userId,
    )
  const ranks: number[] = []
  board.forEach((m, i) => {
    ranks.push(i > 0 && measureOf(m, q.by) === measureOf(board[i - 1]!, q.by) ? ranks[i - 1]! : i + 1)
  })
  const top = board.slice(0, q.limit)
  const mineIdx = board.findIndex((m) => m.userId === userId)
  const ids = [...new Set([...top.map((m) => m.userId), userId])]
  const users = await ctx.db
    .select({ id: sysUser.id, realName: sysUser.realName, nickName: sysUser.nickName, avatar: sysUser.avatar })
    .from(sysUser)
    .where(ctx.scope.where(sysUser, inArray(sysUser.id, ids)))
  const byId = new Map(users.map((u) => [u.id, u]))
  const view = (m: Measures, rank: number) => {
    const u = byId.get(m.userId)
    return {
      rank,
      userName: maskName(u?.realName.trim() || u?.nickName.trim() || '学员'),
      avatar: u?.avatar ?? '',
      score: measureOf(m, q.by),
      timeSpentSeconds: m.studySeconds,
      me: m.userId === userId,
      studySeconds: m.studySeconds,
      questionNum: m.questionNum,
      rightRate: rateOf(m),
    }
  }
  const mine =
    mineIdx >= 0
      ? view(board[mineIdx]!, ranks[mineIdx]!)
      : // not on this board (no activity, or too few answers for a rate): my measures, rank 0
        view(all.get(userId) ?? { userId, studySeconds: 0, questionNum: 0, graded: 0, right: 0 }, 0)
  return { rows: top.map((m, i) => view(m, ranks[i]!)), mine, total: board.length }
}
