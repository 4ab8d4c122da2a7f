import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PASS_RATIO,
  type ExamQuestion,
  isAnswered,
  isPass,
  normaliseChoice,
  parseSubQuestions,
  round2,
  type SubQuestion,
  scorePaper,
  scoreQuestion,
} from '../../shared/rules/scoring'

let nextId = 1
const single = (ans: string, ques: ExamQuestion['ques'], extra: Partial<ExamQuestion> = {}): ExamQuestion => ({
  questionId: nextId++,
  type: 1,
  score: 1,
  ans,
  ques,
  ...extra,
})
const multi = (ans: string, ques: string | null, extra: Partial<ExamQuestion> = {}): ExamQuestion => ({
  questionId: nextId++,
  type: 2,
  score: 2,
  partScore: 0.5,
  ans,
  ques,
  ...extra,
})
const judge = (ans: string, ques: string | null, extra: Partial<ExamQuestion> = {}): ExamQuestion => ({
  questionId: nextId++,
  type: 3,
  score: 1,
  ans,
  ques,
  ...extra,
})
const composite = (subs: unknown[] | string, extra: Partial<ExamQuestion> = {}): ExamQuestion => {
  const jsonStr = typeof subs === 'string' ? subs : JSON.stringify(subs)
  const score = typeof subs === 'string' ? 4 : (subs as SubQuestion[]).reduce((s, x) => s + (Number(x?.score) || 0), 0)
  return { questionId: nextId++, type: 4, score, ans: '', ques: null, jsonStr, ...extra }
}
const essay = (ques: ExamQuestion['ques'], extra: Partial<ExamQuestion> = {}): ExamQuestion => ({
  questionId: nextId++,
  type: 5,
  score: 5,
  ans: '',
  ques,
  ...extra,
})

describe('normaliseChoice', () => {
  it.each([
    ['C, a', 'A,C'],
    ['A,C', 'A,C'],
    ['c,a', 'A,C'],
    [' B ', 'B'],
    ['D,B,A', 'A,B,D'],
    ['A，C', 'A,C'],
    ['A C', 'A,C'],
    ['AC', 'A,C'],
    ['A,A,c', 'A,C'],
    ['', ''],
    [' , ', ''],
    ['123', ''],
  ])('%j -> %j', (input, out) => {
    expect(normaliseChoice(input)).toBe(out)
  })
  it('non-strings give empty', () => {
    expect(normaliseChoice(null)).toBe('')
    expect(normaliseChoice(undefined)).toBe('')
    expect(normaliseChoice({ text: 'A' })).toBe('')
    expect(normaliseChoice(3)).toBe('')
  })
})

describe('round2', () => {
  it('rounds to 2 decimals', () => {
    expect(round2(1.005)).toBe(1.01)
    expect(round2(0.1 + 0.2)).toBe(0.3)
    expect(round2(2 / 3)).toBe(0.67)
    expect(round2(Number.NaN)).toBe(0)
    expect(round2(Number.POSITIVE_INFINITY)).toBe(0)
  })
})

describe('single choice and judgement', () => {
  it('full score on exact match', () => {
    expect(scoreQuestion(single('B', 'B'))).toEqual({ earned: 1, state: 'right' })
    expect(scoreQuestion(judge('A', 'A'))).toEqual({ earned: 1, state: 'right' })
    expect(scoreQuestion(judge('B', 'B'))).toEqual({ earned: 1, state: 'right' })
  })
  it('lower-case and spaces still match', () => {
    expect(scoreQuestion(single('B', ' b '))).toEqual({ earned: 1, state: 'right' })
    expect(scoreQuestion(judge('A', 'a'))).toEqual({ earned: 1, state: 'right' })
  })
  it('wrong answer earns 0', () => {
    expect(scoreQuestion(single('B', 'C'))).toEqual({ earned: 0, state: 'wrong' })
    expect(scoreQuestion(judge('A', 'B'))).toEqual({ earned: 0, state: 'wrong' })
  })
  it('extra letters on single choice are wrong (no partial credit)', () => {
    expect(scoreQuestion(single('B', 'A,B', { partScore: 0.5 }))).toEqual({ earned: 0, state: 'wrong' })
  })
  it('empty / null / object answers are unanswered', () => {
    expect(scoreQuestion(single('B', ''))).toEqual({ earned: 0, state: 'unanswered' })
    expect(scoreQuestion(single('B', null))).toEqual({ earned: 0, state: 'unanswered' })
    expect(scoreQuestion(single('B', ' , '))).toEqual({ earned: 0, state: 'unanswered' })
    expect(scoreQuestion(single('B', { text: 'B' }))).toEqual({ earned: 0, state: 'unanswered' })
  })
  it('uses the question score', () => {
    expect(scoreQuestion(single('D', 'D', { score: 1.5 }))).toEqual({ earned: 1.5, state: 'right' })
  })
  it('a question with no correct answer can never be right', () => {
    expect(scoreQuestion(single('', 'A'))).toEqual({ earned: 0, state: 'wrong' })
  })
})

describe('multiple choice', () => {
  it('full score on exact set match, order and spaces ignored', () => {
    expect(scoreQuestion(multi('A,C', 'A,C'))).toEqual({ earned: 2, state: 'right' })
    expect(scoreQuestion(multi('A,C', 'C, a'))).toEqual({ earned: 2, state: 'right' })
    expect(scoreQuestion(multi('A,B,D', 'D,A,B'))).toEqual({ earned: 2, state: 'right' })
    expect(scoreQuestion(multi('A,C', 'c,a'))).toEqual({ earned: 2, state: 'right' })
  })
  it('missing options: partScore per chosen option, partial', () => {
    expect(scoreQuestion(multi('A,B,C,D', 'A'))).toEqual({ earned: 0.5, state: 'partial' })
    expect(scoreQuestion(multi('A,B,C,D', 'A,C'))).toEqual({ earned: 1, state: 'partial' })
    expect(scoreQuestion(multi('A,B,C,D', 'b,d, c'))).toEqual({ earned: 1.5, state: 'partial' })
  })
  it('partScore x chosen is capped at the score', () => {
    expect(scoreQuestion(multi('A,B,C,D', 'A,B,C', { score: 2, partScore: 1 }))).toEqual({
      earned: 2,
      state: 'partial',
    })
    expect(scoreQuestion(multi('A,B,C', 'A,B', { score: 1, partScore: 0.8 }))).toEqual({
      earned: 1,
      state: 'partial',
    })
  })
  it('partScore absent: 0 but still partial', () => {
    expect(scoreQuestion(multi('A,B,C', 'A', { partScore: undefined }))).toEqual({ earned: 0, state: 'partial' })
    const r = scorePaper([multi('A,B,C', 'A', { partScore: undefined })])
    expect(r.lessQuestionNum).toBe(1)
    expect(r.rightQuestionNum).toBe(0)
    expect(r.questionIds).toHaveLength(1)
  })
  it('any wrong option earns 0', () => {
    expect(scoreQuestion(multi('A,C', 'A,B'))).toEqual({ earned: 0, state: 'wrong' })
    expect(scoreQuestion(multi('A,C', 'A,B,C'))).toEqual({ earned: 0, state: 'wrong' })
    expect(scoreQuestion(multi('A,C', 'D'))).toEqual({ earned: 0, state: 'wrong' })
  })
  it('floating point partial credit rounds to 2 decimals', () => {
    expect(scoreQuestion(multi('A,B,C,D', 'A,B,C', { score: 2, partScore: 0.1 })).earned).toBe(0.3)
  })
  it('unanswered', () => {
    expect(scoreQuestion(multi('A,C', ''))).toEqual({ earned: 0, state: 'unanswered' })
  })
})

describe('composite', () => {
  const subs = (answers: [string, string, string]): SubQuestion[] => [
    { type: 1, score: 1, ans: 'B', ques: answers[0] },
    { type: 2, score: 2, partScore: 0.5, ans: 'A,C,D', ques: answers[1] },
    { type: 3, score: 1, ans: 'A', ques: answers[2] },
  ]
  it('right only when every sub-question is right', () => {
    expect(scoreQuestion(composite(subs(['B', 'D,C,A', 'a'])))).toEqual({ earned: 4, state: 'right' })
  })
  it('partially right: sum of sub scores, partial', () => {
    expect(scoreQuestion(composite(subs(['B', 'A,C', 'B'])))).toEqual({ earned: 2, state: 'partial' })
    expect(scoreQuestion(composite(subs(['B', '', ''])))).toEqual({ earned: 1, state: 'partial' })
  })
  it('partial multiple choice inside earning 0 is partial, not wrong', () => {
    const q = composite([{ type: 2, score: 2, ans: 'A,B', ques: 'A' }])
    expect(scoreQuestion(q)).toEqual({ earned: 0, state: 'partial' })
  })
  it('all wrong is wrong', () => {
    expect(scoreQuestion(composite(subs(['C', 'B', 'B'])))).toEqual({ earned: 0, state: 'wrong' })
  })
  it('answered when any sub-answer is present; the composite own ques is ignored', () => {
    expect(isAnswered(composite(subs(['', '', 'B'])))).toBe(true)
    expect(scoreQuestion(composite(subs(['', '', ''])))).toEqual({ earned: 0, state: 'unanswered' })
    expect(isAnswered(composite(subs(['', '', '']), { ques: 'B' }))).toBe(false)
  })
  it('sub-questions without ques are unanswered', () => {
    expect(isAnswered(composite([{ type: 1, score: 1, ans: 'A' }]))).toBe(false)
  })
  it('malformed jsonStr counts as unanswered with 0, never throws', () => {
    for (const bad of ['', '{', 'null', '{"type":1}', '[]', '"A"', '42']) {
      expect(scoreQuestion(composite(bad))).toEqual({ earned: 0, state: 'unanswered' })
    }
    expect(scoreQuestion({ questionId: 1, type: 4, score: 3, ans: '', ques: null })).toEqual({
      earned: 0,
      state: 'unanswered',
    })
    const r = scorePaper([composite('not json')])
    expect(r.doQuestionNum).toBe(0)
    expect(r.totalScore).toBe(4)
    expect(r.performance).toBe(0)
  })
  it('malformed sub-question entries are worth 0 and block right', () => {
    const q = composite(
      [{ type: 1, score: 1, ans: 'A', ques: 'A' }, null, { type: 9, score: 1, ans: 'A', ques: 'A' }],
      {
        score: 3,
      },
    )
    expect(scoreQuestion(q)).toEqual({ earned: 1, state: 'partial' })
  })
  it('earned is capped at the composite score', () => {
    const q = composite(subs(['B', 'A,C,D', 'A']), { score: 3 })
    expect(scoreQuestion(q)).toEqual({ earned: 3, state: 'right' })
  })
  it('composite partial is in questionIds but not lessQuestionNum', () => {
    const q = composite(subs(['B', 'A', 'A']))
    const r = scorePaper([q])
    expect(r.questionIds).toEqual([q.questionId])
    expect(r.lessQuestionNum).toBe(0)
    expect(r.performance).toBe(2.5)
  })
  it('parseSubQuestions', () => {
    expect(parseSubQuestions('[{"type":1}]')).toEqual([{ type: 1 }])
    expect(parseSubQuestions('[]')).toBeNull()
    expect(parseSubQuestions('oops')).toBeNull()
    expect(parseSubQuestions(undefined)).toBeNull()
  })
})

describe('essay', () => {
  it('answered with text or at least one image: pending, 0', () => {
    expect(scoreQuestion(essay({ text: '要点一' }))).toEqual({ earned: 0, state: 'pending' })
    expect(scoreQuestion(essay({ imageList: ['https://x/1.png'] }))).toEqual({ earned: 0, state: 'pending' })
    expect(scoreQuestion(essay({ text: '', imageList: ['a.png'] }))).toEqual({ earned: 0, state: 'pending' })
    expect(scoreQuestion(essay('纯文本答案'))).toEqual({ earned: 0, state: 'pending' })
  })
  it('empty text and no images: unanswered', () => {
    for (const q of [{ text: '' }, { text: '   ' }, { imageList: [] }, { text: '', imageList: [''] }, {}, null, '']) {
      expect(scoreQuestion(essay(q as ExamQuestion['ques']))).toEqual({ earned: 0, state: 'unanswered' })
    }
  })
  it('answered essay is in doQuestionIds, not in right or questionIds', () => {
    const e = essay({ text: '答' })
    const r = scorePaper([e])
    expect(r.doQuestionIds).toEqual([e.questionId])
    expect(r.rightQuestionIds).toEqual([])
    expect(r.questionIds).toEqual([])
    expect(r.totalScore).toBe(5)
    expect(r.performance).toBe(0)
  })
})

describe('unknown input', () => {
  it('unknown type is unanswered but its score counts', () => {
    const q = { questionId: 9, type: 7, score: 3, ans: 'A', ques: 'A' } as unknown as ExamQuestion
    expect(scoreQuestion(q)).toEqual({ earned: 0, state: 'unanswered' })
    expect(scorePaper([q]).totalScore).toBe(3)
  })
  it('negative / NaN scores count as 0', () => {
    expect(scoreQuestion(single('A', 'A', { score: -1 }))).toEqual({ earned: 0, state: 'right' })
    expect(scorePaper([single('A', 'A', { score: Number.NaN })]).totalScore).toBe(0)
  })
  it('not an array gives an empty report', () => {
    expect(scorePaper(null as unknown as ExamQuestion[]).totalQuestionNum).toBe(0)
  })
})

describe('scorePaper', () => {
  it('empty paper', () => {
    expect(scorePaper([])).toEqual({
      reportStatus: 0,
      performance: 0,
      totalScore: 0,
      doQuestionNum: 0,
      doQuestionIds: [],
      rightQuestionIds: [],
      rightQuestionNum: 0,
      questionIds: [],
      lessQuestionNum: 0,
      rightRate: 0,
      totalQuestionNum: 0,
    })
  })

  it('a mixed paper', () => {
    nextId = 100
    const qs = [
      single('A', 'A'), // 100 right 1
      single('B', 'C'), // 101 wrong
      single('C', ''), // 102 unanswered
      multi('A,C', 'C,A'), // 103 right 2
      multi('A,B,C', 'B'), // 104 partial 0.5
      multi('A,B', 'A,D'), // 105 wrong
      judge('B', 'B'), // 106 right 1
      composite([
        { type: 1, score: 1, ans: 'A', ques: 'A' },
        { type: 3, score: 1, ans: 'B', ques: 'A' },
      ]), // 107 partial 1
      essay({ text: '答' }), // 108 pending
      essay(null), // 109 unanswered
    ]
    const r = scorePaper(qs)
    expect(r).toEqual({
      reportStatus: 0,
      performance: 5.5,
      totalScore: 1 + 1 + 1 + 2 + 2 + 2 + 1 + 2 + 5 + 5,
      doQuestionNum: 8,
      doQuestionIds: [100, 101, 103, 104, 105, 106, 107, 108],
      rightQuestionIds: [100, 103, 106],
      rightQuestionNum: 3,
      questionIds: [101, 104, 105, 107],
      lessQuestionNum: 1,
      rightRate: 30,
      totalQuestionNum: 10,
    })
  })

  it('rightRate rounds to 2 decimals', () => {
    const r = scorePaper([single('A', 'A'), single('A', 'B'), single('A', 'C')])
    expect(r.rightRate).toBe(33.33)
    const r2 = scorePaper([single('A', 'A'), single('A', 'A'), single('A', 'C')])
    expect(r2.rightRate).toBe(66.67)
  })

  it('all essays: answered but 0, fails, no right/wrong', () => {
    const r = scorePaper([essay({ text: 'a' }), essay({ imageList: ['b'] }), essay(null)])
    expect(r.doQuestionNum).toBe(2)
    expect(r.rightQuestionNum).toBe(0)
    expect(r.questionIds).toEqual([])
    expect(r.performance).toBe(0)
    expect(r.totalScore).toBe(15)
    expect(r.rightRate).toBe(0)
    expect(r.reportStatus).toBe(0)
  })

  it('performance is rounded to 2 decimals', () => {
    const qs = Array.from({ length: 3 }, () => single('A', 'A', { score: 0.1 }))
    expect(scorePaper(qs).performance).toBe(0.3)
  })

  describe('pass rule', () => {
    const tenOnes = (right: number, passScore?: number | null) =>
      Array.from({ length: 10 }, (_, i) =>
        single('A', i < right ? 'A' : 'B', i === 0 && passScore !== undefined ? { passScore } : {}),
      )
    it('default 60% of the score possible when passScore is absent', () => {
      expect(scorePaper(tenOnes(6)).reportStatus).toBe(1)
      expect(scorePaper(tenOnes(5)).reportStatus).toBe(0)
    })
    it('passScore null or 0 falls back to 60%', () => {
      expect(scorePaper(tenOnes(6, null)).reportStatus).toBe(1)
      expect(scorePaper(tenOnes(5, null)).reportStatus).toBe(0)
      expect(scorePaper(tenOnes(6, 0)).reportStatus).toBe(1)
      expect(scorePaper(tenOnes(5, 0)).reportStatus).toBe(0)
    })
    it('passScore on the first question decides', () => {
      expect(scorePaper(tenOnes(8, 8)).reportStatus).toBe(1)
      expect(scorePaper(tenOnes(7, 8)).reportStatus).toBe(0)
      expect(scorePaper(tenOnes(4, 4)).reportStatus).toBe(1)
    })
    it('only the first question passScore counts', () => {
      const qs = tenOnes(6)
      qs[1] = { ...qs[1], passScore: 9 }
      expect(scorePaper(qs).reportStatus).toBe(1)
    })
    it('60% with floating point (0.6 x 5 = 2.9999999999999996)', () => {
      const qs = Array.from({ length: 5 }, (_, i) => single('A', i < 3 ? 'A' : 'B'))
      expect(scorePaper(qs).reportStatus).toBe(1)
    })
    it('partial credit counts toward passing', () => {
      // total 4, 60% = 2.4; earned 2 + 0.5 = 2.5
      expect(scorePaper([multi('A,B', 'A,B'), multi('A,B,C', 'A')]).reportStatus).toBe(1)
    })
    it('isPass', () => {
      expect(isPass(60, 100, null)).toBe(true)
      expect(isPass(59.99, 100, undefined)).toBe(false)
      expect(isPass(72, 100, 72)).toBe(true)
      expect(isPass(71.5, 100, 72)).toBe(false)
      expect(isPass(3, 10, -1)).toBe(false)
      expect(DEFAULT_PASS_RATIO).toBe(0.6)
    })
  })
})

// ---------------------------------------------------------------- property-based

const LETTERS = ['A', 'B', 'C', 'D', 'E']
const letterSet = fc.subarray(LETTERS, { minLength: 0 })
const nonEmptyLetterSet = fc.subarray(LETTERS, { minLength: 1 })
const scoreArb = fc.oneof(fc.constantFrom(0, 0.5, 1, 2, 3, 5), fc.double({ min: 0, max: 10, noNaN: true }))
const partArb = fc.option(fc.oneof(fc.constantFrom(0.5, 1, 3), fc.double({ min: 0, max: 5, noNaN: true })), {
  nil: undefined,
})
/** Renders a letter set as a learner might type it: any order, spaces, case. */
const typed = (letters: string[]) =>
  fc
    .tuple(fc.shuffledSubarray(letters, { minLength: letters.length }), fc.boolean(), fc.boolean())
    .map(([ls, lower, spaces]) => {
      const s = ls.join(spaces ? ', ' : ',')
      return lower ? s.toLowerCase() : s
    })

const subArb: fc.Arbitrary<SubQuestion> = fc
  .record({
    type: fc.constantFrom(1 as const, 2 as const, 3 as const),
    score: scoreArb,
    partScore: partArb,
    ans: nonEmptyLetterSet,
    ques: letterSet,
  })
  .map(({ type, score, partScore, ans, ques }) => {
    const a = type === 2 ? ans : ans.slice(0, 1)
    return { type, score, partScore, ans: a.join(','), ques: ques.join(',') }
  })

const questionArb: fc.Arbitrary<ExamQuestion> = fc.oneof(
  fc
    .record({
      type: fc.constantFrom(1 as const, 2 as const, 3 as const),
      score: scoreArb,
      partScore: partArb,
      ans: nonEmptyLetterSet,
      ques: letterSet,
    })
    .map(({ type, score, partScore, ans, ques }) => ({
      questionId: 0,
      type,
      score,
      partScore,
      ans: (type === 2 ? ans : ans.slice(0, 1)).join(','),
      ques: ques.join(','),
    })),
  fc.array(subArb, { minLength: 1, maxLength: 4 }).map((subs) => ({
    questionId: 0,
    type: 4 as const,
    score: subs.reduce((s, x) => s + x.score, 0),
    ans: '',
    ques: null,
    jsonStr: JSON.stringify(subs),
  })),
  fc
    .record({ text: fc.option(fc.string(), { nil: undefined }), imageList: fc.array(fc.constantFrom('', 'a.png')) })
    .map((ques) => ({ questionId: 0, type: 5 as const, score: 5, ans: '', ques })),
  fc.constant({ questionId: 0, type: 4 as const, score: 2, ans: '', ques: null, jsonStr: '{broken' }),
)

const paperArb = fc
  .record({
    qs: fc.array(questionArb, { maxLength: 25 }),
    passScore: fc.option(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 60, noNaN: true })), { nil: undefined }),
  })
  .map(({ qs, passScore }) =>
    qs.map((q, i) => ({ ...q, questionId: i + 1, ...(i === 0 && passScore !== undefined ? { passScore } : {}) })),
  )

describe('properties', () => {
  it('0 <= performance <= totalScore', () => {
    fc.assert(
      fc.property(paperArb, (qs) => {
        const r = scorePaper(qs)
        expect(r.performance).toBeGreaterThanOrEqual(0)
        expect(r.performance).toBeLessThanOrEqual(r.totalScore)
      }),
      { numRuns: 500 },
    )
  })

  it('right + answered-not-right = doQuestionNum - answered essays', () => {
    fc.assert(
      fc.property(paperArb, (qs) => {
        const r = scorePaper(qs)
        const answeredEssays = qs.filter((q) => q.type === 5 && isAnswered(q)).length
        expect(r.rightQuestionNum + r.questionIds.length).toBe(r.doQuestionNum - answeredEssays)
        expect(r.doQuestionIds).toHaveLength(r.doQuestionNum)
        expect(r.rightQuestionIds).toHaveLength(r.rightQuestionNum)
        expect(r.doQuestionNum).toBeLessThanOrEqual(r.totalQuestionNum)
        expect(r.lessQuestionNum).toBeLessThanOrEqual(r.questionIds.length)
        expect(new Set([...r.rightQuestionIds, ...r.questionIds]).size).toBe(
          r.rightQuestionIds.length + r.questionIds.length,
        )
        expect(r.totalQuestionNum).toBe(qs.length)
      }),
      { numRuns: 500 },
    )
  })

  it('rightRate is in [0, 100]', () => {
    fc.assert(
      fc.property(paperArb, (qs) => {
        const { rightRate } = scorePaper(qs)
        expect(rightRate).toBeGreaterThanOrEqual(0)
        expect(rightRate).toBeLessThanOrEqual(100)
      }),
      { numRuns: 300 },
    )
  })

  it('reportStatus follows the pass rule', () => {
    fc.assert(
      fc.property(paperArb, (qs) => {
        const r = scorePaper(qs)
        const ps = qs[0]?.passScore
        const threshold = typeof ps === 'number' && ps > 0 ? ps : r.totalScore * 0.6
        const expected = qs.length > 0 && r.performance + 1e-9 >= threshold ? 1 : 0
        expect(r.reportStatus).toBe(expected)
      }),
      { numRuns: 500 },
    )
  })

  it('permuting letters, case and spaces in answers never changes the result', () => {
    const pair = questionArb.chain((q) => {
      if (q.type === 4 && !q.jsonStr!.startsWith('[')) return fc.constant([q, q] as const)
      if (q.type === 4) {
        const subs = JSON.parse(q.jsonStr!) as SubQuestion[]
        return fc
          .tuple(...subs.map((s) => fc.tuple(typed((s.ans || '').split(',')), typed((s.ques || '').split(',')))))
          .map((typedSubs) => {
            const next = subs.map((s, i) => ({ ...s, ans: typedSubs[i][0], ques: typedSubs[i][1] }))
            return [q, { ...q, jsonStr: JSON.stringify(next) }] as const
          })
      }
      if (q.type === 5) return fc.constant([q, q] as const)
      const ans = q.ans.split(',')
      const ques = (q.ques as string).split(',').filter(Boolean)
      return fc.tuple(typed(ans), typed(ques)).map(([a, b]) => [q, { ...q, ans: a, ques: b }] as const)
    })
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 15 }), (pairs) => {
        const a = pairs.map(([q], i) => ({ ...q, questionId: i + 1 }))
        const b = pairs.map(([, q], i) => ({ ...q, questionId: i + 1 }))
        expect(scorePaper(b)).toEqual(scorePaper(a))
        a.forEach((q, i) => {
          expect(scoreQuestion(b[i])).toEqual(scoreQuestion(q))
        })
      }),
      { numRuns: 300 },
    )
  })

  it('normaliseChoice is idempotent and order-insensitive', () => {
    fc.assert(
      fc.property(
        letterSet.chain((ls) => fc.tuple(fc.constant(ls), typed(ls))),
        ([ls, s]) => {
          const n = normaliseChoice(s)
          expect(normaliseChoice(n)).toBe(n)
          expect(n).toBe([...ls].sort().join(','))
        },
      ),
    )
  })

  it('scoreQuestion earned is within [0, score] and answered agrees with state', () => {
    fc.assert(
      fc.property(questionArb, (q) => {
        const r = scoreQuestion(q)
        expect(r.earned).toBeGreaterThanOrEqual(0)
        expect(r.earned).toBeLessThanOrEqual(round2(q.score))
        expect(isAnswered(q)).toBe(r.state !== 'unanswered')
        if (r.state === 'unanswered' || r.state === 'pending' || r.state === 'wrong') expect(r.earned).toBe(0)
      }),
      { numRuns: 500 },
    )
  })

  it('a fully correct paper scores totalScore minus essays', () => {
    fc.assert(
      fc.property(paperArb, (qs) => {
        const broken = (q: ExamQuestion) => q.type === 4 && !q.jsonStr!.startsWith('[')
        const correct = qs.map((q) => {
          if (broken(q)) return q
          if (q.type === 4) {
            const subs = JSON.parse(q.jsonStr!) as SubQuestion[]
            return { ...q, jsonStr: JSON.stringify(subs.map((s) => ({ ...s, ques: s.ans }))) }
          }
          if (q.type === 5) return q
          return { ...q, ques: q.ans }
        })
        const r = scorePaper(correct)
        const possible = correct.filter((q) => q.type !== 5 && !broken(q)).reduce((s, q) => s + q.score, 0)
        expect(r.performance).toBe(round2(possible))
      }),
      { numRuns: 300 },
    )
  })
})
