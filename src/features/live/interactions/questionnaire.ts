/** Questionnaire (issue 14): the lecturer's items, answered once; the results when the lecturer shows them. */
import { CHAT_ERRORS } from '../../../../contract/schemas/live-codes'
import {
  type ActiveInteractions,
  INTERACTION_ERRORS,
  type QuestionnaireItem,
} from '../../../../contract/schemas/live-interactions'
import { chars, type IxContext, Running, str } from './context'
import { ix } from './messages'
import type { IxHandlers, IxResult, QuestionnaireCard } from './types'

type Answer = { options: number[] } | { text: string }

export class Questionnaire {
  private readonly card: Running<'questionnaire'>

  constructor(private readonly x: IxContext) {
    this.card = new Running(x, 'questionnaire', (q) => q.questionnaireId)
  }

  readonly on: IxHandlers = {
    START_QUESTIONNAIRE: (p) => {
      if (typeof p.questionnaireId !== 'number' || !Array.isArray(p.items)) return
      this.card.put({
        questionnaireId: p.questionnaireId,
        title: str(p.title),
        items: p.items,
        status: 'open',
        result: null,
        busy: false,
      })
      this.x.d.fire({ type: 'questionnaire', questionnaireId: p.questionnaireId })
    },
    QUESTIONNAIRE_RESULT: (p) => this.card.patch(p.questionnaireId, { result: p }),
    STOP_QUESTIONNAIRE: (p) => {
      if (!this.card.is(p.questionnaireId)) return
      // no results to show: the sheet goes
      if (!p.result) this.card.put(null)
      else this.card.patch(p.questionnaireId, { status: 'closed', result: p.result, busy: false })
    },
  }

  /** The questionnaire running at a (re)login; one that ended while away keeps only results that are on screen. */
  enter(a: ActiveInteractions): QuestionnaireCard | null {
    const q = this.card.get()
    if (!a.questionnaire) return q?.status === 'closed' && q.result ? q : null
    const same = q?.questionnaireId === a.questionnaire.questionnaireId ? q : null
    return {
      questionnaireId: a.questionnaire.questionnaireId,
      title: a.questionnaire.title,
      items: a.questionnaire.items,
      status: a.questionnaire.answered ? 'submitted' : 'open',
      result: same?.result ?? null,
      busy: false,
    }
  }

  /**
   * Submit the questionnaire once. `answers` follow the items: option indexes (single: exactly one, multiple: one
   * or more) or a text (1-500 characters after trimming).
   */
  async answer(answers: Answer[]): Promise<IxResult> {
    const q = this.card.get()
    if (q?.status !== 'open' || q.busy) return { ok: false }
    const checked = checkQuestionnaire(q.items, answers)
    if (typeof checked === 'string') return this.x.refuse(CHAT_ERRORS.badRequest, checked)
    this.card.put({ ...q, busy: true })
    const ack = await this.x.d.ask('ANSWER_QUESTIONNAIRE', { questionnaireId: q.questionnaireId, answers: checked })
    const now = this.card.get()
    if (!now || now.questionnaireId !== q.questionnaireId) return { ok: ack.ok }
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      this.card.put({ ...now, status: now.status === 'closed' ? 'closed' : 'submitted', busy: false })
      if (ack.ok) this.x.d.toast(ix('questionnaire.done'))
      return { ok: true }
    }
    this.card.put({ ...now, busy: false })
    if (ack.code === INTERACTION_ERRORS.over) {
      this.card.put(now.result ? { ...now, status: 'closed', busy: false } : null)
      return this.x.refuse(ack.code, ix('questionnaire.over'))
    }
    if (ack.code === CHAT_ERRORS.badRequest) return this.x.refuse(ack.code, ix('questionnaire.invalid'))
    return this.x.refused(ack)
  }

  /** The questionnaire sheet is closed for good (after it ended). */
  dismiss(): void {
    const q = this.card.get()
    if (q && q.status !== 'open') this.card.put(null)
  }
}

/** The questionnaire answers as the server takes them, or why not (a catalogue text). */
export function checkQuestionnaire(items: QuestionnaireItem[], answers: Answer[]): Answer[] | string {
  if (!Array.isArray(answers) || answers.length !== items.length) return ix('questionnaire.incomplete')
  const out: Answer[] = []
  for (const [i, item] of items.entries()) {
    const a = answers[i]
    const n = i + 1
    if (item.type === 'text') {
      const t = a && 'text' in a && typeof a.text === 'string' ? a.text.trim() : ''
      if (!t) return ix('questionnaire.needText', { n })
      if (chars(t) > 500) return ix('questionnaire.textTooLong', { n, max: 500 })
      out.push({ text: t })
      continue
    }
    const opts = a && 'options' in a && Array.isArray(a.options) ? [...new Set(a.options)].sort((x, y) => x - y) : []
    const valid = opts.filter((o) => Number.isInteger(o) && o >= 0 && o < item.options.length)
    if (valid.length === 0) return ix('questionnaire.needChoice', { n })
    if (item.type === 'single' && valid.length !== 1) return ix('questionnaire.needChoice', { n })
    out.push({ options: valid })
  }
  return out
}
