/** What an attempt asks: the questions of each scope, the daily set and the weighted random draw (seeded, repeatable). */
import { createHash, randomInt } from 'node:crypto'
import { asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { DAILY_COUNT, RANDOM_COUNT } from '../../../../contract/schemas/bank-codes'
import { collectQuestion, dailySet, question, recordAnswer, wrongQuestion } from '../../db/schema'
import { AppError } from '../../http/core'
import {
  type Access,
  answerRights,
  assertPractisablePaper,
  bankById,
  chapterById,
  chapterQuestionIds,
  dayOf,
  endOfDay,
  notEntitled,
  paperById,
  paperQuestionIds,
  questionsByIds,
  type Scoped,
  sectionTestLocked,
} from './core'

export type Mode = 'practice' | 'test' | 'memorise'
export type Scope = 'chapter' | 'paper' | 'daily' | 'random' | 'wrong' | 'collect' | 'special' | 'exam' | 'mock'

export interface StartInput {
  mode: Mode
  scope: Scope
  bankId?: number
  chapterId?: number
  paperId?: number
  type?: number
  difficulty?: number
  count?: number
}

// ---- draws ----

/** Deterministic PRNG (mulberry32) from a string seed. */
export function seededRng(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function shuffle<T>(items: T[], rng: () => number): T[] {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

/**
 * Weighted draw without replacement: each pick chooses a chapter with probability proportional to its
 * weight (1 - smoothed right rate: (right + 1) / (done + 2)), then a random unpicked question of it.
 */
export function weightedDraw(
  pool: { id: number; chapterId: number | null }[],
  chapterRate: Map<number, { done: number; right: number }>,
  count: number,
  rng: () => number,
): number[] {
  const byChapter = new Map<number, number[]>()
  for (const q of pool) {
    const k = q.chapterId ?? 0
    const list = byChapter.get(k) ?? []
    list.push(q.id)
    byChapter.set(k, list)
  }
  const weight = (k: number) => {
    const r = chapterRate.get(k) ?? { done: 0, right: 0 }
    return Math.max(1 - (r.right + 1) / (r.done + 2), 0.02)
  }
  const out: number[] = []
  while (out.length < count && byChapter.size > 0) {
    const keys = [...byChapter.keys()]
    const total = keys.reduce((s, k) => s + weight(k), 0)
    let x = rng() * total
    let pick = keys[keys.length - 1]!
    for (const k of keys) {
      x -= weight(k)
      if (x <= 0) {
        pick = k
        break
      }
    }
    const list = byChapter.get(pick)!
    const [id] = list.splice(Math.floor(rng() * list.length), 1)
    out.push(id!)
    if (list.length === 0) byChapter.delete(pick)
  }
  return out
}

/** Latest graded answer per question of the learner: done / right per chapter. */
export async function chapterRates(ctx: Scoped, userId: number, bankIds: number[]) {
  const latest = await latestGraded(ctx, userId, bankIds)
  const out = new Map<number, { done: number; right: number }>()
  for (const a of latest) {
    const k = a.chapterId ?? 0
    const r = out.get(k) ?? { done: 0, right: 0 }
    r.done++
    if (a.state === 'right') r.right++
    out.set(k, r)
  }
  return out
}

/** Every graded answer of the learner (optionally of some banks) joined with its question's bank/chapter/type. */
export async function gradedAnswers(ctx: Scoped, userId: number, bankIds?: number[]) {
  return ctx.db
    .select({
      questionId: recordAnswer.questionId,
      recordId: recordAnswer.recordId,
      state: recordAnswer.state,
      answeredAt: recordAnswer.answeredAt,
      bankId: question.bankId,
      chapterId: question.chapterId,
      type: question.type,
    })
    .from(recordAnswer)
    .innerJoin(question, eq(question.id, recordAnswer.questionId))
    .where(
      ctx.scope.where(
        recordAnswer,
        eq(recordAnswer.userId, userId),
        isNotNull(recordAnswer.state),
        sql`${recordAnswer.state} <> 'unanswered'`,
        bankIds ? (bankIds.length > 0 ? inArray(question.bankId, bankIds) : sql`false`) : undefined,
      ),
    )
}

/** The latest graded answer per question. */
export async function latestGraded(ctx: Scoped, userId: number, bankIds?: number[]) {
  const all = await gradedAnswers(ctx, userId, bankIds)
  const latest = new Map<number, (typeof all)[number]>()
  for (const a of all) {
    const cur = latest.get(a.questionId)
    if (!cur || cur.answeredAt < a.answeredAt) latest.set(a.questionId, a)
  }
  return [...latest.values()]
}

export async function poolOf(ctx: Scoped, bankIds: number[], filter?: { type?: number; difficulty?: number }) {
  if (bankIds.length === 0) return []
  return ctx.db
    .select({ id: question.id, chapterId: question.chapterId })
    .from(question)
    .where(
      ctx.scope.where(
        question,
        inArray(question.bankId, bankIds),
        filter?.type ? eq(question.type, filter.type) : undefined,
        filter?.difficulty ? eq(question.difficulty, filter.difficulty) : undefined,
      ),
    )
    .orderBy(asc(question.sort), asc(question.id))
}

export async function dailyIds(ctx: Scoped, userId: number, bankIds: number[], bankKey: number, now: Date) {
  const day = dayOf(now)
  const read = async () => {
    const [row] = await ctx.db
      .select({ questionIds: dailySet.questionIds })
      .from(dailySet)
      .where(
        ctx.scope.where(dailySet, eq(dailySet.userId, userId), eq(dailySet.day, day), eq(dailySet.bankId, bankKey)),
      )
    return row?.questionIds
  }
  const stored = await read()
  if (stored) return { day, ids: stored }
  const pool = (await poolOf(ctx, bankIds)).map((q) => q.id)
  const ids = shuffle(pool, seededRng(`${ctx.scope.tenantId}:${userId}:${day}:${bankKey}`)).slice(0, DAILY_COUNT)
  await ctx.db
    .insert(dailySet)
    .values(ctx.scope.row({ userId, day, bankId: bankKey, questionIds: ids }))
    .onConflictDoNothing()
  return { day, ids: (await read()) ?? ids }
}

// ---- start / resume ----

export interface Plan {
  scopeKey: string
  title: string
  bankId: number | null
  chapterId: number | null
  paperId: number | null
  /** resolved lazily: only when no unfinished attempt is resumed */
  ids: () => Promise<number[]>
}

export async function planOf(ctx: Scoped, access: Access, userId: number, input: StartInput, now: Date): Promise<Plan> {
  const bankKey = input.bankId ?? 0
  const banksFor = async () => {
    const list = await access.banks(ctx, input.bankId)
    if (input.bankId && list.length === 0) {
      await bankById(ctx, input.bankId) // 404 when unknown
      throw notEntitled()
    }
    return list
  }
  const base = { bankId: input.bankId ?? null, chapterId: null, paperId: null }
  switch (input.scope) {
    case 'chapter': {
      const c = await chapterById(ctx, input.chapterId!)
      const b = await bankById(ctx, c.bankId)
      if (!access.canPractise(b)) throw notEntitled()
      return {
        scopeKey: `chapter:${c.id}`,
        title: c.name,
        bankId: b.bankId,
        chapterId: c.id,
        paperId: null,
        ids: () => chapterQuestionIds(ctx, c.id),
      }
    }
    case 'paper': {
      const p = await paperById(ctx, input.paperId!)
      await assertPractisablePaper(ctx, p.id)
      if (!p.free) {
        const b = await bankById(ctx, p.bankId)
        if (!access.canPractise(b)) throw notEntitled()
      }
      if (await sectionTestLocked(ctx, userId, p.id))
        throw new AppError(400, 'this is a section test: it opens once you have finished its lesson')
      return {
        scopeKey: `paper:${p.id}`,
        title: p.name,
        bankId: p.bankId,
        chapterId: null,
        paperId: p.id,
        ids: () => paperQuestionIds(ctx, p.id),
      }
    }
    case 'daily': {
      const banks = await banksFor()
      const day = dayOf(now)
      return {
        ...base,
        scopeKey: `daily:${day}:${bankKey}`,
        title: `每日一练 ${day}`,
        ids: async () =>
          (
            await dailyIds(
              ctx,
              userId,
              banks.map((b) => b.bankId),
              bankKey,
              now,
            )
          ).ids,
      }
    }
    case 'random': {
      const banks = await banksFor()
      const bankIds = banks.map((b) => b.bankId)
      return {
        ...base,
        scopeKey: `random:${now.getTime()}`,
        title: '随机练习',
        ids: async () =>
          weightedDraw(
            await poolOf(ctx, bankIds),
            await chapterRates(ctx, userId, bankIds),
            input.count ?? RANDOM_COUNT,
            () => randomInt(0, 2 ** 32) / 2 ** 32,
          ),
      }
    }
    case 'wrong': {
      await banksFor()
      return {
        ...base,
        scopeKey: `wrong:${bankKey}`,
        title: '错题复习',
        ids: async () => {
          const rows = await ctx.db
            .select({ id: question.id, bankId: question.bankId })
            .from(wrongQuestion)
            .innerJoin(question, eq(question.id, wrongQuestion.questionId))
            .where(
              ctx.scope.where(
                wrongQuestion,
                eq(wrongQuestion.userId, userId),
                isNull(wrongQuestion.removedAt),
                lt(wrongQuestion.due, endOfDay(now)),
                input.bankId ? eq(question.bankId, input.bankId) : undefined,
              ),
            )
            .orderBy(asc(wrongQuestion.due), asc(wrongQuestion.id))
          const qs = await questionsByIds(
            ctx,
            rows.map((r) => r.id),
          )
          const rights = await answerRights(ctx, access, qs)
          return qs
            .filter((q) => rights.has(q.id))
            .map((q) => q.id)
            .slice(0, input.count ?? 100)
        },
      }
    }
    case 'collect': {
      await banksFor()
      return {
        ...base,
        scopeKey: `collect:${bankKey}`,
        title: '收藏练习',
        ids: async () => {
          const rows = await ctx.db
            .select({ id: question.id })
            .from(collectQuestion)
            .innerJoin(question, eq(question.id, collectQuestion.questionId))
            .where(
              ctx.scope.where(
                collectQuestion,
                eq(collectQuestion.userId, userId),
                input.bankId ? eq(question.bankId, input.bankId) : undefined,
              ),
            )
            .orderBy(asc(collectQuestion.createdAt), asc(collectQuestion.id))
          const qs = await questionsByIds(
            ctx,
            rows.map((r) => r.id),
          )
          const rights = await answerRights(ctx, access, qs)
          return qs
            .filter((q) => rights.has(q.id))
            .map((q) => q.id)
            .slice(0, input.count ?? 100)
        },
      }
    }
    case 'special': {
      const b = await bankById(ctx, input.bankId!)
      if (!access.canPractise(b)) throw notEntitled()
      return {
        ...base,
        scopeKey: `special:${b.bankId}:${input.type ?? 0}:${input.difficulty ?? 0}`,
        title: '专项练习',
        ids: async () =>
          (await poolOf(ctx, [b.bankId], { type: input.type, difficulty: input.difficulty }))
            .map((q) => q.id)
            .slice(0, input.count ?? RANDOM_COUNT),
      }
    }
    case 'exam':
    case 'mock':
      throw new AppError(400, 'exams start with POST /bank/exam/simulate or /mock/record')
  }
}
