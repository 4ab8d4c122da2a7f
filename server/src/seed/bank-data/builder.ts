/**
 * Compact authoring helpers for the seeded question banks. Each helper appends one well-formed question
 * (spec shapes: `ans` is upper-case letters, multiple choice comma-separated; judgement options A 正确 / B 错误).
 * Scores: single 1, multiple 2 (partScore 0.5), judgement 1, composite = sum of its sub-questions, essay 5.
 */
import type { BankQuestion, BankSubQuestion, Difficulty, OptionItem } from './types'

const KEYS = 'ABCDEFGH'
export const JUDGE_OPTIONS: OptionItem[] = [
  { key: 'A', value: '正确' },
  { key: 'B', value: '错误' },
]

export const options = (values: string[]): OptionItem[] => values.map((value, i) => ({ key: KEYS[i], value }))

type Draft = Omit<BankQuestion, 'id'>

/** Sub-question of a case (composite) question: `t` 1 single, 2 multiple, 3 judgement (opts ignored). */
export interface SubDraft {
  t: 1 | 2 | 3
  title: string
  opts?: string[]
  ans: string
  analysis?: string
}

export class BankBuilder {
  readonly drafts: Draft[] = []
  chapter = ''

  ch(chapter: string): this {
    this.chapter = chapter
    return this
  }

  /** Single choice (1 point). */
  s(title: string, opts: string[], ans: string, analysis: string, difficulty: Difficulty = 1): this {
    this.drafts.push({
      chapter: this.chapter,
      type: 1,
      title,
      optionsList: options(opts),
      ans,
      score: 1,
      analysis,
      difficulty,
    })
    return this
  }

  /** Multiple choice (2 points, 0.5 per correct option when some are missing). */
  m(title: string, opts: string[], ans: string, analysis: string, difficulty: Difficulty = 2): this {
    this.drafts.push({
      chapter: this.chapter,
      type: 2,
      title,
      optionsList: options(opts),
      ans,
      score: 2,
      partScore: 0.5,
      analysis,
      difficulty,
    })
    return this
  }

  /** One judgement question (1 point): `right` true -> answer A 正确. */
  j1(title: string, right: boolean, analysis: string, difficulty: Difficulty = 1): this {
    this.drafts.push({
      chapter: this.chapter,
      type: 3,
      title,
      optionsList: JUDGE_OPTIONS,
      ans: right ? 'A' : 'B',
      score: 1,
      analysis,
      difficulty,
    })
    return this
  }

  /** A pair of judgement questions: a true statement and its falsified variant, sharing the explanation. */
  j(trueStatement: string, falseStatement: string, analysis: string, difficulty: Difficulty = 1): this {
    return this.j1(trueStatement, true, analysis, difficulty).j1(falseStatement, false, analysis, difficulty)
  }

  /** Case analysis (composite): the sub-questions go into `jsonStr`. */
  k(title: string, subs: SubDraft[], analysis: string, difficulty: Difficulty = 3): this {
    const subQuestions: BankSubQuestion[] = subs.map((sub) => ({
      type: sub.t,
      title: sub.title,
      optionsList: sub.t === 3 ? JUDGE_OPTIONS : options(sub.opts ?? []),
      ans: sub.ans,
      score: sub.t === 2 ? 2 : 1,
      ...(sub.t === 2 ? { partScore: 0.5 } : {}),
      analysis: sub.analysis ?? '',
      ques: null,
    }))
    this.drafts.push({
      chapter: this.chapter,
      type: 4,
      title,
      optionsList: [],
      ans: '',
      score: subQuestions.reduce((sum, q) => sum + q.score, 0),
      analysis,
      difficulty,
      jsonStr: JSON.stringify(subQuestions),
    })
    return this
  }

  /** Essay (简答题, 5 points): the reference answer goes into `analysis`. */
  e(title: string, reference: string, difficulty: Difficulty = 2): this {
    this.drafts.push({
      chapter: this.chapter,
      type: 5,
      title,
      optionsList: [],
      ans: '',
      score: 5,
      analysis: reference,
      difficulty,
    })
    return this
  }

  build(firstId: number): BankQuestion[] {
    return this.drafts.map((d, i) => ({ id: firstId + i, ...d }))
  }
}

/** Deterministic integer helpers for the template-generated calculation questions. */
export const fmt = (n: number): string => String(Math.round(n * 100) / 100)

/** Puts `correct` among distinct distractors at a fixed position; returns [options, answer letter]. */
export function placeAnswer(correct: string, distractors: string[], position: number): [string[], string] {
  const uniq = distractors.filter((d, i) => d !== correct && distractors.indexOf(d) === i).slice(0, 3)
  const pos = position % (uniq.length + 1)
  const opts = [...uniq.slice(0, pos), correct, ...uniq.slice(pos)]
  return [opts, KEYS[pos]]
}
