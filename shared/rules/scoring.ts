/**
 * Paper scoring — one pure module shared by the app (instant feedback, offline work) and the server
 * (authoritative result; the client never sends a score). No Taro, no runtime imports, never throws.
 *
 * Question types: 1 single choice, 2 multiple choice, 3 judgement, 4 composite (case analysis), 5 essay.
 *
 * Rules (spec §5):
 * - Single choice / judgement: full `score` only on an exact match of the (normalised) letters, else 0.
 * - Multiple choice: full `score` on an exact set match. If every chosen option is correct but some are
 *   missing: `partScore` per chosen option, capped at `score` (0 when `partScore` is absent) — state
 *   'partial' (even when it earns 0). Any wrong option: 0, state 'wrong'.
 * - Composite: each sub-question (in `jsonStr`) is scored by the rules above; the question earns the sum
 *   and is 'right' only when every sub-question is right; otherwise 'partial' if it earned anything or
 *   any sub-question is partial, else 'wrong'.
 * - Essay: answered when it has text or at least one image; earns 0 and is 'pending' (awaiting marking):
 *   neither right nor wrong.
 * - Pass (`reportStatus` 1): earned score >= the FIRST question's `passScore`; when that is absent, null,
 *   0 (or not a positive finite number): earned score >= 60% of the score possible.
 *
 * Decisions on what the spec leaves open:
 * - Answer format: `normaliseChoice` upper-cases, keeps only the letters A-Z, de-duplicates and sorts them,
 *   joined by ',' ("C, a" -> "A,C"; "ca" -> "A,C"; Chinese comma / spaces are ignored). Judgement answers are
 *   letters too (A 正确 / B 错误). Anything without a letter (e.g. '', ' , ', '1') is "not answered".
 * - A choice/judgement question is answered when its normalised `ques` is non-empty (`ques` must be a string;
 *   an object or null is unanswered).
 * - Composite sub-answers live in `jsonStr`: the answered paper carries the sub-questions
 *   `{ type: 1|2|3, score, partScore?, ans, ques }` with each sub-question's own `ques`. The composite's own
 *   `ques` is ignored (may be null). It is answered when any sub-question is answered. A malformed
 *   `jsonStr` (not JSON, not an array, or an empty array) makes the question unanswered with 0 earned; a
 *   malformed entry inside a valid array (not an object, or `type` not 1-3) counts as an unanswered
 *   sub-question worth 0 (so the composite can't be 'right').
 * - Score possible (`totalScore`) is the sum of each question's own `score` (for composite: its `score`, which
 *   the bank sets to the sum of its sub-questions). Non-finite or negative scores count as 0. A question's
 *   earned score is clamped to [0, score], so `performance <= totalScore` always holds.
 * - Essays: an answered essay is in `doQuestionIds` (answered) but neither in `rightQuestionIds` nor in
 *   `questionIds` (not wrong). An unanswered essay is in none of them.
 * - `questionIds`: answered questions whose state is 'partial' or 'wrong' (composite included).
 * - `lessQuestionNum`: multiple-choice questions (type 2, top level) in state 'partial'. Composite questions
 *   with partial credit are in `questionIds` but not counted here.
 * - Floating point: `performance`, `totalScore`, `rightRate` and `scoreQuestion().earned` are rounded to 2
 *   decimals (a paper sums unrounded scores and rounds once); the pass comparison allows 1e-9 of slack (e.g. 0.6 x 5 = 2.9999999999999996).
 * - An empty paper: totals 0, `rightRate` 0, `reportStatus` 0 (nothing to pass).
 * - Unknown `type`: unanswered, 0 earned (its `score` still counts toward `totalScore`).
 * - Id lists keep paper order.
 */

export type QuestionType = 1 | 2 | 3 | 4 | 5

/** A sub-question of a composite question (type 4), as stored in its `jsonStr` (a JSON array of these). */
export interface SubQuestion {
  type: 1 | 2 | 3
  score: number
  partScore?: number
  ans: string
  /** The learner's answer (comma-separated letters); empty / null / absent = not answered. */
  ques?: string | null
}

export interface EssayAnswer {
  text?: string
  imageList?: string[]
}

export interface ExamQuestion {
  questionId: number
  type: QuestionType
  score: number
  partScore?: number
  /** Correct answer: upper-case letters, multiple choice comma-separated ("A,C"); '' for essays. */
  ans: string
  /** The learner's answer: letters for types 1-3, `{ text, imageList }` for essays, null/ignored for composite. */
  ques: string | EssayAnswer | null
  passScore?: number | null
  /** Composite only: JSON array of `SubQuestion`. */
  jsonStr?: string
}

export interface ScoreReport {
  /** 1 pass, 0 fail. */
  reportStatus: 0 | 1
  /** Score earned (2 decimals). */
  performance: number
  /** Score possible (2 decimals). */
  totalScore: number
  doQuestionNum: number
  doQuestionIds: number[]
  rightQuestionIds: number[]
  rightQuestionNum: number
  /** Answered but not fully right (partial or wrong; essays excluded). */
  questionIds: number[]
  /** Multiple-choice answers that earned partial credit. */
  lessQuestionNum: number
  /** rightQuestionNum / totalQuestionNum x 100, 2 decimals; 0 for an empty paper. */
  rightRate: number
  totalQuestionNum: number
}

export type QuestionState = 'right' | 'partial' | 'wrong' | 'unanswered' | 'pending'

export interface QuestionScore {
  earned: number
  state: QuestionState
}

/** Share of the score possible needed to pass when the paper has no passScore. */
export const DEFAULT_PASS_RATIO = 0.6

const EPS = 1e-9

/** Round to 2 decimals (half away from zero for the usual binary representation artefacts). */
export function round2(n: number): number {
  if (!Number.isFinite(n)) return 0
  return Math.round((n + (n >= 0 ? Number.EPSILON : -Number.EPSILON)) * 100) / 100
}

function safeScore(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0
}

/** "C, a" -> "A,C": upper-case letters only, de-duplicated, sorted, comma-joined. Non-strings give ''. */
export function normaliseChoice(s: unknown): string {
  if (typeof s !== 'string') return ''
  const letters = new Set<string>()
  for (const ch of s.toUpperCase()) {
    if (ch >= 'A' && ch <= 'Z') letters.add(ch)
  }
  return Array.from(letters).sort().join(',')
}

function letters(s: unknown): string[] {
  const n = normaliseChoice(s)
  return n ? n.split(',') : []
}

/** Parse a composite's `jsonStr`: the sub-question array, or null when malformed / empty. Never throws. */
export function parseSubQuestions(jsonStr: unknown): unknown[] | null {
  if (typeof jsonStr !== 'string' || !jsonStr.trim()) return null
  try {
    const parsed: unknown = JSON.parse(jsonStr)
    return Array.isArray(parsed) && parsed.length > 0 ? parsed : null
  } catch {
    return null
  }
}

function isSubQuestion(v: unknown): v is SubQuestion {
  if (!v || typeof v !== 'object') return false
  const t = (v as { type?: unknown }).type
  return t === 1 || t === 2 || t === 3
}

function essayAnswered(ques: unknown): boolean {
  if (typeof ques === 'string') return ques.trim().length > 0
  if (!ques || typeof ques !== 'object') return false
  const { text, imageList } = ques as EssayAnswer
  if (typeof text === 'string' && text.trim()) return true
  return Array.isArray(imageList) && imageList.some((u) => typeof u === 'string' && u.trim().length > 0)
}

/** Single / multiple choice / judgement (also used for composite sub-questions). */
function scoreChoice(type: number, score: number, partScore: unknown, ans: unknown, ques: unknown): QuestionScore {
  const chosen = letters(ques)
  if (chosen.length === 0) return { earned: 0, state: 'unanswered' }
  const correct = letters(ans)
  if (chosen.join(',') === correct.join(',') && correct.length > 0) return { earned: score, state: 'right' }
  if (type !== 2) return { earned: 0, state: 'wrong' }
  const correctSet = new Set(correct)
  if (chosen.every((c) => correctSet.has(c))) {
    const earned = Math.min(safeScore(partScore) * chosen.length, score)
    return { earned, state: 'partial' }
  }
  return { earned: 0, state: 'wrong' }
}

function scoreComposite(q: ExamQuestion): QuestionScore {
  const subs = parseSubQuestions(q.jsonStr)
  if (!subs) return { earned: 0, state: 'unanswered' }
  let earned = 0
  let answered = false
  let allRight = true
  let anyPartial = false
  for (const sub of subs) {
    if (!isSubQuestion(sub)) {
      allRight = false
      continue
    }
    const r = scoreChoice(sub.type, safeScore(sub.score), sub.partScore, sub.ans, sub.ques)
    earned += r.earned
    if (r.state !== 'unanswered') answered = true
    if (r.state !== 'right') allRight = false
    if (r.state === 'partial') anyPartial = true
  }
  if (!answered) return { earned: 0, state: 'unanswered' }
  const capped = Math.min(earned, safeScore(q.score))
  if (allRight) return { earned: capped, state: 'right' }
  return { earned: capped, state: capped > 0 || anyPartial ? 'partial' : 'wrong' }
}

/** Whether the learner answered the question (composite: any sub-answer; essay: text or an image). */
export function isAnswered(q: ExamQuestion): boolean {
  return scoreQuestion(q).state !== 'unanswered'
}

/** Score one question (earned rounded to 2 decimals). `pending` = an answered essay awaiting marking (earns 0). */
export function scoreQuestion(q: ExamQuestion): QuestionScore {
  const r = rawScore(q)
  return { earned: round2(r.earned), state: r.state }
}

/** Unrounded, so a paper's sum is rounded once (keeps `performance <= totalScore` exact). Never throws. */
function rawScore(q: ExamQuestion): QuestionScore {
  if (!q || typeof q !== 'object') return { earned: 0, state: 'unanswered' }
  const score = safeScore(q.score)
  switch (q.type) {
    case 1:
    case 2:
    case 3: {
      const r = scoreChoice(q.type, score, q.partScore, q.ans, q.ques)
      return { earned: Math.min(r.earned, score), state: r.state }
    }
    case 4:
      return scoreComposite(q)
    case 5:
      return essayAnswered(q.ques) ? { earned: 0, state: 'pending' } : { earned: 0, state: 'unanswered' }
    default:
      return { earned: 0, state: 'unanswered' }
  }
}

/** Whether `performance` passes: first question's passScore if positive, else 60% of `totalScore`. */
export function isPass(performance: number, totalScore: number, passScore: number | null | undefined): boolean {
  const threshold =
    typeof passScore === 'number' && Number.isFinite(passScore) && passScore > 0
      ? passScore
      : totalScore * DEFAULT_PASS_RATIO
  return performance + EPS >= threshold
}

/** Score a whole paper (the answered questions, in paper order). Pure; never throws. */
export function scorePaper(questions: ExamQuestion[]): ScoreReport {
  const list = Array.isArray(questions) ? questions : []
  let performance = 0
  let totalScore = 0
  let lessQuestionNum = 0
  const doQuestionIds: number[] = []
  const rightQuestionIds: number[] = []
  const questionIds: number[] = []
  for (const q of list) {
    totalScore += safeScore(q?.score)
    const r = rawScore(q)
    performance += r.earned
    if (r.state === 'unanswered') continue
    doQuestionIds.push(q.questionId)
    if (r.state === 'right') rightQuestionIds.push(q.questionId)
    else if (r.state === 'partial' || r.state === 'wrong') questionIds.push(q.questionId)
    if (r.state === 'partial' && q.type === 2) lessQuestionNum++
  }
  const totalQuestionNum = list.length
  const perf = round2(performance)
  const total = round2(totalScore)
  const reportStatus = totalQuestionNum > 0 && isPass(perf, total, list[0]?.passScore) ? 1 : 0
  return {
    reportStatus,
    performance: perf,
    totalScore: total,
    doQuestionNum: doQuestionIds.length,
    doQuestionIds,
    rightQuestionIds,
    rightQuestionNum: rightQuestionIds.length,
    questionIds,
    lessQuestionNum,
    rightRate: totalQuestionNum > 0 ? round2((rightQuestionIds.length / totalQuestionNum) * 100) : 0,
    totalQuestionNum,
  }
}
