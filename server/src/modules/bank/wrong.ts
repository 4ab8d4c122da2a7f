/**
 * The wrong book: one row per learner + question with a ts-fsrs card. A wrong or partial answer adds the
 * question (or rates it Again); a right answer of a question in the book rates it Good. A review applies
 * only when its answeredAt is later than the card's last review (re-sent / late answers change nothing).
 * The question leaves the book after WRONG_LEAVE_AFTER right answers in a row once the card's stability
 * reached WRONG_LEAVE_STABILITY days; the learner may also remove it.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import { type Card, createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs'
import { WRONG_LEAVE_AFTER, WRONG_LEAVE_STABILITY } from '../../../../contract/schemas/bank-codes'
import { wrongQuestion } from '../../db/schema'
import { asType, endOfDay, type QuestionRow, type Scoped } from './core'

/**
 * One learning step (a wrong answer is due again in a minute, so it stays in 今日待复习) and one relearning step:
 * a right answer graduates the card to a review a day or more away. ts-fsrs's default second learning step
 * (10 minutes) kept a question answered right in review due again the same day, so the book still said
 * 今日待复习 1 after the learner had just answered it right (issue 25).
 */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, learning_steps: ['1m'], relearning_steps: ['10m'] }))

/**
 * The card as stored (jsonb), with `wrongs`: how many times the learner answered the question wrong (FSRS's own
 * `lapses` counts only failures after a card graduated to review, so a question answered wrong twice can show 0).
 */
type StoredCard = Omit<Card, 'due' | 'last_review'> & { due: string; last_review?: string | null; wrongs?: number }
const store = (c: Card, wrongs: number): StoredCard => ({
  ...c,
  due: c.due.toISOString(),
  last_review: c.last_review ? c.last_review.toISOString() : null,
  wrongs,
})
/** Times answered wrong; a card stored before the count existed: its lapses, at least 1 once reviewed. */
export function wrongsOf(w: Pick<WrongEntry, 'card' | 'reps' | 'lapses'>): number {
  const n = (w.card as StoredCard | null)?.wrongs
  return typeof n === 'number' ? n : Math.max(w.lapses, w.reps > 0 ? 1 : 0)
}
const load = (c: unknown): Card => {
  const s = c as StoredCard
  return { ...s, due: new Date(s.due), last_review: s.last_review ? new Date(s.last_review) : undefined } as Card
}

export type WrongEntry = typeof wrongQuestion.$inferSelect

async function entryOf(ctx: Scoped, userId: number, questionId: number) {
  const [row] = await ctx.db
    .select()
    .from(wrongQuestion)
    .where(ctx.scope.where(wrongQuestion, eq(wrongQuestion.userId, userId), eq(wrongQuestion.questionId, questionId)))
  return row
}

/** Adds the question to the book (a new card due now); a removed entry comes back. Returns the entry. */
export async function addToBook(ctx: Scoped, userId: number, questionId: number, now = new Date()) {
  const existing = await entryOf(ctx, userId, questionId)
  if (existing && existing.removedAt === null) return existing
  // added by hand: no wrong answer of its own (one answered wrong before keeps its count)
  const card = store(createEmptyCard(now), existing ? wrongsOf(existing) : 0)
  const fresh = {
    card,
    due: now,
    reps: 0,
    lapses: 0,
    consecutiveRight: 0,
    stability: 0,
    lastReviewAt: null,
    removedAt: null,
    removedReason: null,
  }
  if (existing) {
    const [row] = await ctx.db.update(wrongQuestion).set(fresh).where(eq(wrongQuestion.id, existing.id)).returning()
    return row!
  }
  await ctx.db
    .insert(wrongQuestion)
    .values(ctx.scope.row({ userId, questionId, ...fresh, addedAt: now }))
    .onConflictDoNothing()
  return (await entryOf(ctx, userId, questionId))!
}

/** What a review at `at` changes on an entry of the book; null when it changes nothing (older, or a removed one answered right). */
function reviewed(existing: WrongEntry, right: boolean, at: Date) {
  if (existing.lastReviewAt && at.getTime() <= existing.lastReviewAt.getTime()) return null
  if (existing.removedAt !== null && right) return null
  const prev = existing.removedAt !== null ? createEmptyCard(at) : load(existing.card)
  const card = scheduler.next(prev, at, right ? Rating.Good : Rating.Again).card
  const consecutiveRight = right ? existing.consecutiveRight + 1 : 0
  const mastered = right && consecutiveRight >= WRONG_LEAVE_AFTER && card.stability >= WRONG_LEAVE_STABILITY
  return {
    card: store(card, wrongsOf(existing) + (right ? 0 : 1)),
    due: card.due,
    reps: card.reps,
    lapses: card.lapses,
    consecutiveRight,
    stability: card.stability,
    lastReviewAt: at,
    removedAt: mastered ? new Date() : null,
    removedReason: mastered ? 'mastered' : null,
    addedAt: existing.removedAt !== null ? at : existing.addedAt,
  }
}

/** A card new to the book: the question was answered wrong at `at`. */
function firstWrong(ctx: Scoped, userId: number, questionId: number, at: Date) {
  const card = scheduler.next(createEmptyCard(at), at, Rating.Again).card
  return ctx.scope.row({
    userId,
    questionId,
    card: store(card, 1),
    due: card.due,
    reps: card.reps,
    lapses: card.lapses,
    consecutiveRight: 0,
    stability: card.stability,
    lastReviewAt: at,
    addedAt: at,
  })
}

/**
 * A graded answer at `at`: wrong -> Again (adds to the book), right -> Good (only when in the book).
 * Older than the last review: ignored. Returns the entry after the review (undefined when never in the book).
 */
export async function review(ctx: Scoped, userId: number, questionId: number, right: boolean, at: Date) {
  const existing = await entryOf(ctx, userId, questionId)
  if (!existing) {
    if (right) return undefined
    await ctx.db
      .insert(wrongQuestion)
      .values(firstWrong(ctx, userId, questionId, at))
      .onConflictDoNothing()
    return entryOf(ctx, userId, questionId)
  }
  const next = reviewed(existing, right, at)
  if (!next) return existing
  const [row] = await ctx.db.update(wrongQuestion).set(next).where(eq(wrongQuestion.id, existing.id)).returning()
  return row
}

export function wrongView(w: WrongEntry, q: QuestionRow, now = new Date()) {
  return {
    questionId: q.id,
    bankId: q.bankId,
    chapterId: q.chapterId,
    type: asType(q.type),
    title: q.title,
    due: Math.floor(w.due.getTime() / 1000),
    dueToday: w.due.getTime() < endOfDay(now).getTime(),
    reps: w.reps,
    lapses: w.lapses,
    wrongTimes: wrongsOf(w),
    consecutiveRight: w.consecutiveRight,
    stability: w.stability,
    addTime: Math.floor(w.addedAt.getTime() / 1000),
    lastReviewTime: w.lastReviewAt ? Math.floor(w.lastReviewAt.getTime() / 1000) : null,
  }
}

/**
 * Many graded answers at once (a submit): one read, one insert for questions new to the book and one
 * update for the rest, whatever the paper's size.
 */
export async function reviewMany(
  ctx: Scoped,
  userId: number,
  items: { questionId: number; right: boolean; at: Date }[],
) {
  if (items.length === 0) return
  const entries = await ctx.db
    .select()
    .from(wrongQuestion)
    .where(
      ctx.scope.where(
        wrongQuestion,
        eq(wrongQuestion.userId, userId),
        inArray(
          wrongQuestion.questionId,
          items.map((i) => i.questionId),
        ),
      ),
    )
  const byQuestion = new Map(entries.map((e) => [e.questionId, e]))
  const fresh = new Map<number, ReturnType<typeof firstWrong>>()
  const changed = new Map<number, WrongEntry>()
  for (const i of [...items].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const e = byQuestion.get(i.questionId)
    if (!e) {
      if (!i.right && !fresh.has(i.questionId)) fresh.set(i.questionId, firstWrong(ctx, userId, i.questionId, i.at))
      continue
    }
    const next = reviewed(e, i.right, i.at)
    if (!next) continue
    const after = { ...e, ...next }
    byQuestion.set(i.questionId, after)
    changed.set(e.id, after)
  }
  if (fresh.size > 0)
    await ctx.db
      .insert(wrongQuestion)
      .values([...fresh.values()])
      .onConflictDoNothing()
  if (changed.size === 0) return
  const rows = sql.join(
    [...changed.values()].map(
      (e) =>
        sql`(${e.id}::int, ${JSON.stringify(e.card)}::jsonb, ${e.due.toISOString()}::timestamptz, ${e.reps}::int, ${e.lapses}::int, ${e.consecutiveRight}::int, ${e.stability}::double precision, ${e.lastReviewAt?.toISOString() ?? null}::timestamptz, ${e.removedAt?.toISOString() ?? null}::timestamptz, ${e.removedReason}::varchar, ${e.addedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  )
  await ctx.db.execute(
    sql`update ${wrongQuestion} set card = v.card, due = v.due, reps = v.reps, lapses = v.lapses, consecutive_right = v.consecutive_right, stability = v.stability, last_review_at = v.last_review_at, removed_at = v.removed_at, removed_reason = v.removed_reason, added_at = v.added_at from (values ${rows}) as v(id, card, due, reps, lapses, consecutive_right, stability, last_review_at, removed_at, removed_reason, added_at) where ${wrongQuestion.id} = v.id and ${wrongQuestion.tenantId} = ${ctx.scope.tenantId}`,
  )
}
