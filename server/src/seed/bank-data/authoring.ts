/**
 * Short-hand for the hand-written goods banks (goods-banks-*.ts): the right option is written first and put at a
 * rotating position, so the seeded answers are spread over A-D (and the multiple-choice keys over the options)
 * instead of always being the first option.
 */
import { type BankBuilder, placeAnswer } from './builder'
import type { Difficulty } from './types'

const KEYS = 'ABCDEFGH'

export function authoring(b: BankBuilder) {
  let turn = 0
  return {
    /** single choice: the right option, then three distractors */
    one(title: string, right: string, wrong: string[], analysis: string, difficulty?: Difficulty) {
      const [opts, ans] = placeAnswer(right, wrong, turn * 3 + 1)
      turn++
      b.s(title, opts, ans, analysis, difficulty)
    },
    /** multiple choice: the right options, then the distractors; the list is rotated */
    many(title: string, right: string[], wrong: string[], analysis: string, difficulty?: Difficulty) {
      const all = [...right, ...wrong]
      const k = (turn * 2 + 1) % all.length
      turn++
      const opts = [...all.slice(k), ...all.slice(0, k)]
      const ans = opts
        .map((o, i) => (right.includes(o) ? KEYS[i] : ''))
        .filter(Boolean)
        .join(',')
      b.m(title, opts, ans, analysis, difficulty)
    },
    /** a judgement pair: a true statement and its falsified variant */
    judge(truth: string, falsehood: string, analysis: string, difficulty?: Difficulty) {
      b.j(truth, falsehood, analysis, difficulty)
    },
  }
}
