/**
 * The answer card (a test question, issue 14): the lecturer's question with a countdown on the server's clock,
 * answered once; the right answer and my verdict when the result comes.
 */
import { CHAT_ERRORS } from '../../../../contract/schemas/live-codes'
import {
  type ActiveInteractions,
  INTERACTION_ERRORS,
  type TestQuestionContent,
  type TestQuestionResult,
} from '../../../../contract/schemas/live-interactions'
import { scoreQuestion } from '../../../../shared/rules/scoring'
import { type IxContext, num, Running, str } from './context'
import { ix } from './messages'
import type { AnswerCard, IxHandlers, IxResult, Verdict } from './types'

/** The verdict of my labels against the right answer, by shared/rules/scoring.ts's rules (partial for a subset). */
export function verdictOf(quesType: number, mine: string[] | null, answer: string[]): Verdict {
  if (!mine || mine.length === 0) return 'none'
  const type = quesType === 2 ? 2 : quesType === 3 ? 3 : 1
  const s = scoreQuestion({ questionId: 0, type, score: 1, partScore: 0, ans: answer.join(','), ques: mine.join(',') })
  return s.state === 'right' ? 'right' : s.state === 'partial' ? 'partial' : 'wrong'
}

/** Choice questions: 2 is multiple choice (several labels), 1 single and 3 judgement take one (shared/rules/scoring.ts). */
export const isMultiple = (quesType: number) => quesType === 2

export class TestQuestion {
  private readonly card: Running<'test'>

  constructor(private readonly x: IxContext) {
    this.card = new Running(x, 'test', (c) => c.test.testId)
  }

  readonly on: IxHandlers = {
    GET_TEST_QUESTION_CONTENT: (p) => this.onTest(p),
    GET_TEST_QUESTION_RESULT: (p) => this.onResult(p),
  }

  /** The question running at a (re)login; one that ended while away stays only with its result on screen. */
  enter(a: ActiveInteractions): AnswerCard | null {
    const c = this.card.get()
    if (!a.test) return c?.result ? c : null
    const { answered, ...content } = a.test
    const same = c?.test.testId === content.testId ? c : null
    return { test: content, answered, mine: same?.mine ?? null, result: null, verdict: null, busy: false }
  }

  rearm(): void {
    const c = this.card.get()
    if (c && !c.result) this.arm(c.test)
  }

  private onTest(p: TestQuestionContent): void {
    if (typeof p.testId !== 'number' || !Array.isArray(p.options)) return
    const test: TestQuestionContent = {
      testId: p.testId,
      questionId: num(p.questionId),
      quesType: num(p.quesType, 1),
      stem: str(p.stem),
      options: p.options,
      endsAt: num(p.endsAt),
    }
    this.card.put({ test, answered: false, mine: null, result: null, verdict: null, busy: false })
    this.arm(test)
    this.x.d.fire({ type: 'test', testId: test.testId })
  }

  private arm(t: TestQuestionContent): void {
    // at zero: re-render so the card says time is up (the result follows from the server)
    this.card.armEnd(t.testId, t.endsAt, (c) => this.card.put({ ...c }))
  }

  private onResult(r: TestQuestionResult): void {
    if (typeof r.testId !== 'number' || !Array.isArray(r.answer)) return
    const c = this.card.get()
    // a result of a question I never saw (it started before I came): skip
    if (!c || c.test.testId !== r.testId) return
    this.x.clear('test')
    const verdict = c.answered && !c.mine ? null : verdictOf(c.test.quesType, c.mine, r.answer)
    this.card.put({ ...c, result: r, verdict, busy: false })
    this.x.d.fire({ type: 'testResult', testId: r.testId })
  }

  /** Time left on the answer card is over (server clock). */
  timeUp(): boolean {
    const c = this.card.get()
    return !!c && c.test.endsAt <= this.x.serverNow()
  }

  /** Send my answer once: option labels ('A', …); one for single choice and judgement. */
  async answer(labels: string[]): Promise<IxResult> {
    const c = this.card.get()
    if (!c || c.answered || c.result || c.busy) return { ok: false }
    if (this.timeUp()) return this.x.refuse(INTERACTION_ERRORS.over, ix('test.over'))
    const valid = new Set(c.test.options.map(([l]) => l))
    const picked = [...new Set(labels)].filter((l) => valid.has(l)).sort()
    if (picked.length === 0) return this.x.refuse(CHAT_ERRORS.badRequest, ix('test.pick'))
    if (!isMultiple(c.test.quesType) && picked.length !== 1)
      return this.x.refuse(CHAT_ERRORS.badRequest, ix('test.pickOne'))
    this.card.put({ ...c, busy: true })
    const ack = await this.x.d.ask('ANSWER_TEST_QUESTION', { testId: c.test.testId, option: picked })
    const now = this.card.get()
    if (!now || now.test.testId !== c.test.testId) return { ok: ack.ok }
    if (ack.ok) {
      this.card.put({ ...now, answered: true, mine: picked, busy: false })
      this.x.d.toast(ix('test.done'))
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.already) {
      this.card.put({ ...now, answered: true, busy: false })
      return this.x.refuse(ack.code, ix('test.already'))
    }
    this.card.put({ ...now, busy: false })
    if (ack.code === INTERACTION_ERRORS.over) return this.x.refuse(ack.code, ix('test.over'))
    if (ack.code === CHAT_ERRORS.badRequest) return this.x.refuse(ack.code, ix('test.pick'))
    return this.x.refused(ack)
  }

  dismiss(): void {
    if (this.card.get()?.result) this.card.put(null)
  }
}
