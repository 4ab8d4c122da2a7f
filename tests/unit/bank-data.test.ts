import { describe, expect, it } from 'vitest'
import { type BankQuestion, type BankSubQuestion, loadBankData } from '../../server/src/seed/bank-data'
import { type ExamQuestion, normaliseChoice, type SubQuestion, scorePaper } from '../../shared/rules/scoring'

const TENANTS = [1001, 1002] as const

const all = (tenantId: number): BankQuestion[] =>
  loadBankData(tenantId).banks.flatMap((b) => b.chapters.flatMap((c) => c.questions))

/** Checks a choice-type question (top-level or sub-question); returns problems found. */
function choiceProblems(q: Pick<BankQuestion, 'type' | 'optionsList' | 'ans' | 'score' | 'partScore'>): string[] {
  const problems: string[] = []
  const keys = q.optionsList.map((o) => o.key)
  if (q.optionsList.length < 2) problems.push('fewer than 2 options')
  if (q.optionsList.some((o) => !o.value.trim())) problems.push('empty option text')
  if (new Set(keys).size !== keys.length) problems.push('duplicate option keys')
  if (new Set(q.optionsList.map((o) => o.value)).size !== keys.length) problems.push('duplicate option texts')
  const letters = q.ans.split(',')
  if (normaliseChoice(q.ans) !== q.ans) problems.push(`answer not normalised: ${q.ans}`)
  if (letters.some((l) => !keys.includes(l))) problems.push(`answer ${q.ans} not among options`)
  if (q.type === 1 && letters.length !== 1) problems.push('single choice with != 1 letter')
  if (q.type === 2 && letters.length < 2) problems.push('multiple choice with < 2 letters')
  if (q.type === 2 && q.partScore !== 0.5) problems.push('multiple choice without partScore 0.5')
  if (q.type === 2 && q.score !== 2) problems.push('multiple choice score != 2')
  if (q.type === 3) {
    if (
      JSON.stringify(q.optionsList) !==
      JSON.stringify([
        { key: 'A', value: '正确' },
        { key: 'B', value: '错误' },
      ])
    )
      problems.push('judgement options not A 正确 / B 错误')
    if (letters.length !== 1) problems.push('judgement with != 1 letter')
  }
  if ((q.type === 1 || q.type === 3) && q.score !== 1) problems.push('score != 1')
  return problems
}

function problemsOf(q: BankQuestion): string[] {
  const p: string[] = []
  if (!q.title.trim()) p.push('empty title')
  if (!q.analysis.trim()) p.push('empty analysis')
  if (![1, 2, 3].includes(q.difficulty)) p.push('difficulty not 1-3')
  if (q.type <= 3) p.push(...choiceProblems(q))
  if (q.type === 4) {
    let subs: BankSubQuestion[] = []
    try {
      subs = JSON.parse(q.jsonStr ?? '')
    } catch {
      p.push('jsonStr does not parse')
    }
    if (!Array.isArray(subs) || subs.length < 2 || subs.length > 4) p.push('composite needs 2-4 sub-questions')
    else {
      for (const s of subs) {
        if (![1, 2, 3].includes(s.type)) p.push('sub-question type not 1-3')
        if (!s.title.trim()) p.push('sub-question without title')
        p.push(...choiceProblems(s).map((x) => `sub: ${x}`))
      }
      const sum = subs.reduce((acc, s) => acc + s.score, 0)
      if (q.score !== sum) p.push(`composite score ${q.score} != sum of subs ${sum}`)
    }
  }
  if (q.type === 5) {
    if (q.score !== 5) p.push('essay score != 5')
    if (q.ans !== '') p.push('essay ans should be empty')
    if (q.analysis.length < 20) p.push('essay reference answer too short')
  }
  return p.map((x) => `${q.id} ${q.title.slice(0, 30)}: ${x}`)
}

/** The paper as the learner would submit it with every answer right (essays answered, awaiting marking). */
function answeredCorrectly(qs: BankQuestion[], passScore: number | null): ExamQuestion[] {
  return qs.map((q, i) => {
    const base: ExamQuestion = {
      questionId: q.id,
      type: q.type,
      score: q.score,
      partScore: q.partScore,
      ans: q.ans,
      ques: q.ans,
      ...(i === 0 ? { passScore } : {}),
    }
    if (q.type === 4) {
      const subs = JSON.parse(q.jsonStr!) as SubQuestion[]
      return { ...base, ques: null, jsonStr: JSON.stringify(subs.map((s) => ({ ...s, ques: s.ans }))) }
    }
    if (q.type === 5) return { ...base, ques: { text: q.analysis, imageList: [] } }
    return base
  })
}

describe.each(TENANTS)('bank data of tenant %i', (tenantId) => {
  const data = loadBankData(tenantId)
  const questions = all(tenantId)
  const byId = new Map(questions.map((q) => [q.id, q]))

  const main = data.banks[0]!.name
  const mainPapers = data.papers.filter((p) => (p.bank ?? main) === main)

  it('has a main bank with 6-10 chapters, each non-empty', () => {
    expect(data.banks[0].name.length).toBeGreaterThan(0)
    const chapters = data.banks[0].chapters
    expect(chapters.length).toBeGreaterThanOrEqual(6)
    expect(chapters.length).toBeLessThanOrEqual(10)
    for (const c of chapters) {
      expect(c.questions.length, c.name).toBeGreaterThan(0)
      for (const q of c.questions) expect(q.chapter).toBe(c.name)
    }
  })

  it('has at least 300 questions and every type', () => {
    expect(questions.length).toBeGreaterThanOrEqual(300)
    for (const t of [1, 2, 3, 4, 5])
      expect(
        questions.some((q) => q.type === t),
        `type ${t}`,
      ).toBe(true)
  })

  it('every question is well-formed', () => {
    expect(questions.flatMap(problemsOf)).toEqual([])
  })

  it('ids and stems are unique', () => {
    expect(byId.size).toBe(questions.length)
    const stems = questions.map((q) => q.title.trim())
    const dupes = stems.filter((s, i) => stems.indexOf(s) !== i)
    expect(dupes).toEqual([])
  })

  it('every bank names the goods it is sold as, and each other bank has 3+ non-empty chapters and a mock paper', () => {
    const goods = data.banks.map((b) => b.goods)
    expect(goods.every((g) => typeof g === 'string' && g.length > 0)).toBe(true)
    expect(new Set(goods).size).toBe(goods.length)
    for (const b of data.banks.slice(1)) {
      expect(b.chapters.length, b.name).toBeGreaterThanOrEqual(3)
      for (const c of b.chapters) expect(c.questions.length, `${b.name} ${c.name}`).toBeGreaterThanOrEqual(5)
      const papers = data.papers.filter((p) => p.bank === b.name)
      expect(papers.map((p) => p.kind)).toEqual(['mock'])
      expect(papers[0]!.questionIds.length).toBeGreaterThanOrEqual(20)
    }
    if (data.freeFrom) expect(data.banks.map((b) => b.name)).toContain(data.freeFrom)
  })

  it('the answers of the hand-written banks are spread over the options, not always A', () => {
    for (const b of data.banks.slice(1)) {
      const singles = b.chapters.flatMap((c) => c.questions).filter((q) => q.type === 1)
      const letters = new Set(singles.map((q) => q.ans))
      expect([...letters].sort(), b.name).toEqual(['A', 'B', 'C', 'D'])
    }
  })

  it('has 2 mock papers and at least 1 free paper with valid question ids', () => {
    expect(mainPapers.filter((p) => p.kind === 'mock')).toHaveLength(2)
    expect(mainPapers.filter((p) => p.kind === 'free').length).toBeGreaterThanOrEqual(1)
    for (const p of data.papers) {
      expect(new Set(p.questionIds).size).toBe(p.questionIds.length)
      for (const id of p.questionIds) expect(byId.has(id), `${p.name} ${id}`).toBe(true)
      const total = p.questionIds.reduce((s, id) => s + byId.get(id)!.score, 0)
      expect(p.totalScore).toBe(total)
      if (p.kind === 'mock' && mainPapers.includes(p)) {
        expect(p.questionIds.length).toBeGreaterThanOrEqual(40)
        expect(p.questionIds.length).toBeLessThanOrEqual(60)
        expect(p.passScore).not.toBeNull()
      }
    }
    const [m1, m2] = mainPapers.filter((p) => p.kind === 'mock')
    expect(m1.questionIds.filter((id) => m2.questionIds.includes(id))).toEqual([])
  })

  it('scorePaper with the correct answers gives full marks except essays, and a consistent reportStatus', () => {
    for (const p of data.papers) {
      const qs = p.questionIds.map((id) => byId.get(id)!)
      const r = scorePaper(answeredCorrectly(qs, p.passScore))
      const essays = qs.filter((q) => q.type === 5)
      const essayScore = essays.reduce((s, q) => s + q.score, 0)
      expect(r.totalScore).toBe(p.totalScore)
      expect(r.performance).toBe(p.totalScore - essayScore)
      expect(r.rightQuestionNum).toBe(qs.length - essays.length)
      expect(r.doQuestionNum).toBe(qs.length)
      expect(r.questionIds).toEqual([])
      expect(r.lessQuestionNum).toBe(0)
      const threshold = p.passScore ?? p.totalScore * 0.6
      expect(r.reportStatus).toBe(r.performance >= threshold ? 1 : 0)
      expect(r.reportStatus).toBe(1)
    }
  })

  it('an unanswered paper scores 0 and fails', () => {
    const p = data.papers[0]
    const qs = p.questionIds.map((id) => byId.get(id)!)
    const r = scorePaper(
      qs.map((q) => ({ questionId: q.id, type: q.type, score: q.score, ans: q.ans, ques: null, jsonStr: q.jsonStr })),
    )
    expect(r.performance).toBe(0)
    expect(r.doQuestionNum).toBe(0)
    expect(r.reportStatus).toBe(0)
  })
})

it('unknown tenant has no bank data', () => {
  expect(loadBankData(9999)).toEqual({ banks: [], papers: [] })
})
