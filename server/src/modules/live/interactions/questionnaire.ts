/**
 * Questionnaire (START_QUESTIONNAIRE, ANSWER_QUESTIONNAIRE, STOP_QUESTIONNAIRE, QUESTIONNAIRE_RESULT): single,
 * multiple and text items; one answer per learner while it is open; the running count reaches the moderators
 * merged (at most once per resultPushMs, across processes); it has no time limit: the teacher stops it, and the
 * room sees the result when the teacher chose to show it.
 */
import { desc, eq, sql } from 'drizzle-orm'
import {
  type ActiveInteractions,
  INTERACTION,
  INTERACTION_ERRORS,
  type QuestionnaireItem,
  type QuestionnaireResult,
} from '../../../../../contract/schemas/live-interactions'
import { type LiveQuestionnaireAnswer, liveQuestionnaire, liveQuestionnaireAnswer } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { escapeText } from '../chat/data'
import type { Kind, Kit, Payload, Seat } from './kit'
import { bad, fail, isInt, isPosInt, MSG, ok, outer, staffRoomOf, textOf } from './kit'

const OVER = 'this questionnaire is over'
const QUESTIONNAIRE_TEXTS = 50
const QUESTION_ITEM_TITLE = 200
const QUESTIONNAIRE_OPTION_TEXT = 100
const QUESTIONNAIRE_TEXT_ANSWER = 500

/** the items a teacher sent, checked and escaped; a refusal text when they do not fit */
export function parseItems(v: unknown): QuestionnaireItem[] | string {
  if (!Array.isArray(v) || v.length < 1 || v.length > INTERACTION.QUESTIONNAIRE_MAX_QUESTIONS)
    return `items: 1 to ${INTERACTION.QUESTIONNAIRE_MAX_QUESTIONS} items`
  const out: QuestionnaireItem[] = []
  for (const [i, raw] of v.entries()) {
    const it = raw as { type?: unknown; title?: unknown; options?: unknown }
    if (!it || typeof it !== 'object') return `items.${i}: an item`
    const title = textOf(it.title, QUESTION_ITEM_TITLE)
    if (title === null) return `items.${i}.title: 1 to ${QUESTION_ITEM_TITLE} characters`
    if (it.type === 'text') {
      out.push({ type: 'text', title: escapeText(title) })
      continue
    }
    if (it.type !== 'single' && it.type !== 'multiple') return `items.${i}.type: single, multiple or text`
    const max = INTERACTION.QUESTIONNAIRE_MAX_OPTIONS
    if (!Array.isArray(it.options) || it.options.length < 2 || it.options.length > max)
      return `items.${i}.options: 2 to ${max} options`
    const options: string[] = []
    for (const o of it.options) {
      const t = textOf(o, QUESTIONNAIRE_OPTION_TEXT)
      if (t === null) return `items.${i}.options: each 1 to ${QUESTIONNAIRE_OPTION_TEXT} characters`
      options.push(escapeText(t))
    }
    out.push({ type: it.type, title: escapeText(title), options })
  }
  return out
}

/** the answers of one learner, checked against the items; a refusal text when they do not fit */
export function checkAnswers(items: QuestionnaireItem[], v: unknown): LiveQuestionnaireAnswer[] | string {
  if (!Array.isArray(v) || v.length !== items.length) return `answers: one answer per item (${items.length})`
  const out: LiveQuestionnaireAnswer[] = []
  for (const [i, item] of items.entries()) {
    const a = v[i] as { options?: unknown; text?: unknown }
    if (!a || typeof a !== 'object') return `answers.${i}: an answer`
    if (item.type === 'text') {
      const t = textOf(a.text, QUESTIONNAIRE_TEXT_ANSWER)
      if (t === null) return `answers.${i}.text: 1 to ${QUESTIONNAIRE_TEXT_ANSWER} characters`
      out.push({ text: escapeText(t) })
      continue
    }
    const opts = a.options
    if (!Array.isArray(opts) || !opts.every((o) => isInt(o, 0, item.options.length - 1)))
      return `answers.${i}.options: option indexes of the item`
    const chosen = [...new Set(opts as number[])].sort((x, y) => x - y)
    if (chosen.length !== opts.length) return `answers.${i}.options: each option once`
    if (item.type === 'single' ? chosen.length !== 1 : chosen.length < 1)
      return `answers.${i}.options: ${item.type === 'single' ? 'exactly one option' : 'one option or more'}`
    out.push({ options: chosen })
  }
  return out
}

export class Questionnaire implements Kind {
  readonly handlers = {
    START_QUESTIONNAIRE: (seat: Seat, p: Payload) => this.start(seat, p),
    STOP_QUESTIONNAIRE: (seat: Seat, p: Payload) => this.stop(seat, p),
    ANSWER_QUESTIONNAIRE: (seat: Seat, p: Payload) => this.answer(seat, p),
  }

  constructor(private readonly k: Kit) {}

  /** the one running in the room, for the LOGIN snapshot */
  async active(seat: Seat): Promise<ActiveInteractions['questionnaire']> {
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [qn] = await this.k.d.db
      .select({
        id: liveQuestionnaire.id,
        title: liveQuestionnaire.title,
        items: liveQuestionnaire.items,
        answered: sql<boolean>`exists (select 1 from ${liveQuestionnaireAnswer} where ${liveQuestionnaireAnswer.tenantId} = ${outer('live_questionnaire', 'tenant_id')} and ${liveQuestionnaireAnswer.questionnaireId} = ${outer('live_questionnaire', 'id')} and ${liveQuestionnaireAnswer.userId} = ${seat.user.userId})`,
      })
      .from(liveQuestionnaire)
      .where(
        s.where(liveQuestionnaire, eq(liveQuestionnaire.sessionId, c.sessionId), eq(liveQuestionnaire.state, 'open')),
      )
      .limit(1)
    return qn ? { questionnaireId: qn.id, title: qn.title, items: qn.items, answered: Boolean(qn.answered) } : null
  }

  private async start(seat: Seat, p: Payload) {
    const title = textOf(p.title, 100)
    if (title === null) return bad('title: 1 to 100 characters')
    const items = parseItems(p.items)
    if (typeof items === 'string') return bad(items)
    if (typeof p.showResults !== 'boolean') return bad('showResults: true or false')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [row] = await this.k.d.db
      .insert(liveQuestionnaire)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          byUserId: seat.user.userId,
          title: escapeText(title),
          items,
          showResults: p.showResults,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: liveQuestionnaire.id, title: liveQuestionnaire.title })
    if (!row) return bad('a questionnaire is running in this room: stop it first', 'questionnaireRunning')
    this.k.emit(seat.room, 'START_QUESTIONNAIRE', { questionnaireId: row.id, title: row.title, items })
    return ok({ questionnaireId: row.id })
  }

  private async answer(seat: Seat, p: Payload) {
    if (!isPosInt(p.questionnaireId)) return bad('questionnaireId: a questionnaire id')
    const id = p.questionnaireId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const { db } = this.k.d
    const [qn] = await db
      .select({ items: liveQuestionnaire.items, state: liveQuestionnaire.state })
      .from(liveQuestionnaire)
      .where(s.where(liveQuestionnaire, eq(liveQuestionnaire.id, id), eq(liveQuestionnaire.sessionId, c.sessionId)))
    if (qn?.state !== 'open') return fail(INTERACTION_ERRORS.over, OVER)
    const answers = checkAnswers(qn.items, p.answers)
    if (typeof answers === 'string') return bad(answers)
    const [row] = await db
      .insert(liveQuestionnaireAnswer)
      .values(s.row({ questionnaireId: id, userId: seat.user.userId, answers }))
      .onConflictDoNothing()
      .returning({ id: liveQuestionnaireAnswer.id })
    if (!row) return fail(INTERACTION_ERRORS.already, MSG.already)
    this.k.d.merged(`qn:${c.tenantId}:${id}`, this.k.d.timing.resultPushMs, async () => {
      const result = await this.result(c.tenantId, id)
      if (result) this.k.emit(staffRoomOf(seat.room), 'QUESTIONNAIRE_RESULT', result)
    })
    return ok()
  }

  private async result(tenantId: number, id: number): Promise<QuestionnaireResult | null> {
    const s = new TenantScope(tenantId)
    const { db } = this.k.d
    const [qn] = await db
      .select({ items: liveQuestionnaire.items })
      .from(liveQuestionnaire)
      .where(s.where(liveQuestionnaire, eq(liveQuestionnaire.id, id)))
    if (!qn) return null
    const rows = await db
      .select({ answers: liveQuestionnaireAnswer.answers })
      .from(liveQuestionnaireAnswer)
      .where(s.where(liveQuestionnaireAnswer, eq(liveQuestionnaireAnswer.questionnaireId, id)))
      .orderBy(desc(liveQuestionnaireAnswer.id))
    const items: QuestionnaireResult['items'] = qn.items.map((it) =>
      it.type === 'text' ? { type: 'text', texts: [] } : { type: it.type, counts: it.options.map(() => 0) },
    )
    for (const r of rows) {
      for (const [i, a] of r.answers.entries()) {
        const out = items[i]
        if (!out) continue
        if (out.type === 'text') {
          if ('text' in a && out.texts.length < QUESTIONNAIRE_TEXTS) out.texts.push(a.text)
        } else if ('options' in a) {
          for (const o of a.options) if (o < out.counts.length) out.counts[o]!++
        }
      }
    }
    return { questionnaireId: id, answered: rows.length, items }
  }

  private async stop(seat: Seat, p: Payload) {
    if (!isPosInt(p.questionnaireId)) return bad('questionnaireId: a questionnaire id')
    const id = p.questionnaireId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const [row] = await this.k.d.db
      .update(liveQuestionnaire)
      .set({ state: 'closed', closedAt: new Date() })
      .where(
        s.where(
          liveQuestionnaire,
          eq(liveQuestionnaire.id, id),
          eq(liveQuestionnaire.sessionId, c.sessionId),
          eq(liveQuestionnaire.state, 'open'),
        ),
      )
      .returning({ showResults: liveQuestionnaire.showResults })
    if (!row) return fail(INTERACTION_ERRORS.over, OVER)
    const result = await this.result(c.tenantId, id)
    if (result) this.k.emit(staffRoomOf(seat.room), 'QUESTIONNAIRE_RESULT', result)
    this.k.emit(seat.room, 'STOP_QUESTIONNAIRE', { questionnaireId: id, result: row.showResults ? result : null })
    return ok({ result })
  }
}
