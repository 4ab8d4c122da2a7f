/**
 * Questions to the lecturer (issue 14): mine and the public ones, newest first; asking (the chat's 3 s rule),
 * upvoting a public question once, and a badge on the tab when my question is answered.
 */
import { CHAT_ERRORS, LIVE } from '../../../../contract/schemas/live-codes'
import { INTERACTION, INTERACTION_ERRORS, type LiveQuestion } from '../../../../contract/schemas/live-interactions'
import { chars, type IxContext, isObj, isUser, num } from './context'
import { ix } from './messages'
import type { IxHandlers, IxResult, QuestionsState } from './types'

export const NO_QUESTIONS: QuestionsState = {
  list: [],
  status: 'idle',
  hasMore: false,
  page: 0,
  unread: 0,
  asking: false,
}

export class Questions {
  private lastAskAt = 0

  constructor(private readonly x: IxContext) {}

  readonly on: IxHandlers = {
    S_QUESTION: (p) => {
      if (typeof p.questionId === 'number') this.merge([p])
    },
    T_ANSWER: (p) => this.onAnswer(p),
    QUESTION_UPVOTE: (p) => this.patch(p.questionId, (q) => ({ ...q, upvotes: Math.max(q.upvotes, num(p.upvotes)) })),
  }

  private get qs(): QuestionsState {
    return this.x.state.questions
  }

  private merge(incoming: LiveQuestion[]): void {
    const byId = new Map(this.qs.list.map((q) => [q.questionId, q]))
    for (const q of incoming) {
      const old = byId.get(q.questionId)
      byId.set(q.questionId, old ? { ...q, upvoted: q.upvoted || old.upvoted } : q)
    }
    const list = [...byId.values()].sort((a, b) => b.questionId - a.questionId)
    this.x.set({ questions: { ...this.qs, list } })
  }

  private patch(id: number, fn: (q: LiveQuestion) => LiveQuestion): void {
    const qs = this.qs
    if (!qs.list.some((q) => q.questionId === id)) return
    this.x.set({ questions: { ...qs, list: qs.list.map((q) => (q.questionId === id ? fn(q) : q)) } })
  }

  private onAnswer(q: LiveQuestion): void {
    if (typeof q.questionId !== 'number' || !isUser(q.user)) return
    const mine = this.x.isMe(q.user.userId)
    this.merge([q])
    // my question answered (privately or in public): a badge on the tab and a word
    if (mine) {
      this.x.set({ questions: { ...this.qs, unread: this.qs.unread + 1 } })
      this.x.d.toast(ix('questions.answered'))
    }
    this.x.d.fire({ type: 'questionAnswered', question: q, mine })
  }

  /** The questions tab is looked at: the badge goes. */
  markRead(): void {
    if (this.qs.unread > 0) this.x.set({ questions: { ...this.qs, unread: 0 } })
  }

  /** Mine and the public questions: page 1 again, or the next page. */
  async load(more = false): Promise<void> {
    const qs = this.qs
    if (qs.status === 'loading') return
    const page = more ? qs.page + 1 : 1
    this.x.set({ questions: { ...qs, status: 'loading' } })
    const ack = await this.x.d.ask('QUESTION_LIST', { page })
    const now = this.qs
    if (!ack.ok) {
      this.x.set({ questions: { ...now, status: now.page > 0 ? 'ready' : 'error' } })
      if (more) this.x.d.toast(ix('questions.loadFailed'))
      return
    }
    const data = isObj(ack.data) ? ack.data : {}
    const list = Array.isArray(data.list) ? (data.list as LiveQuestion[]).filter((q) => isUser(q?.user)) : []
    // page 1 replaces what is known (a reconnect may have missed answers); later pages add
    const base = more ? now.list : now.list.filter((q) => !list.some((x) => x.questionId === q.questionId))
    const byId = new Map([...base, ...list].map((q) => [q.questionId, q]))
    this.x.set({
      questions: {
        ...now,
        list: [...byId.values()].sort((a, b) => b.questionId - a.questionId),
        status: 'ready',
        page,
        hasMore: list.length >= LIVE.QUESTION_HISTORY_PAGE,
      },
    })
  }

  /** Ask the lecturer (only teachers see it until they answer in public). Same 3 s rule as chat. */
  async ask(raw: string): Promise<IxResult> {
    const text = typeof raw === 'string' ? raw.trim() : ''
    if (!text) return this.x.refuse(CHAT_ERRORS.empty, ix('questions.empty'))
    if (chars(text) > INTERACTION.QUESTION_MAX_TEXT)
      return this.x.refuse(CHAT_ERRORS.tooLong, ix('questions.tooLong', { n: INTERACTION.QUESTION_MAX_TEXT }))
    if (this.qs.asking) return { ok: false }
    if (this.lastAskAt > 0 && this.x.d.now() - this.lastAskAt < LIVE.SPEAK_GAP_MS)
      return this.x.refuse(CHAT_ERRORS.tooFast, ix('questions.tooFast'))
    this.lastAskAt = this.x.d.now()
    this.x.set({ questions: { ...this.qs, asking: true } })
    const ack = await this.x.d.ask('S_QUESTION', { content: text })
    this.x.set({ questions: { ...this.qs, asking: false } })
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      const me = this.x.d.me()
      const id = num(data.questionId)
      // the server's S_QUESTION copy follows; until then my question shows as I typed it
      if (id > 0 && me && !this.qs.list.some((q) => q.questionId === id))
        this.merge([
          {
            questionId: id,
            user: me,
            content: text.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
            time: this.x.serverNow(),
            answer: '',
            answeredBy: null,
            answeredAt: 0,
            public: false,
            upvotes: 0,
            upvoted: false,
          },
        ])
      return { ok: true }
    }
    this.lastAskAt = 0
    if (ack.code === CHAT_ERRORS.tooFast) return this.x.refuse(ack.code, ix('questions.tooFast'))
    if (ack.code === CHAT_ERRORS.tooLong)
      return this.x.refuse(ack.code, ix('questions.tooLong', { n: INTERACTION.QUESTION_MAX_TEXT }))
    if (ack.code === CHAT_ERRORS.empty) return this.x.refuse(ack.code, ix('questions.empty'))
    return this.x.refused(ack)
  }

  /** Upvote a public question of someone else, once. */
  async upvote(questionId: number): Promise<IxResult> {
    const q = this.qs.list.find((x) => x.questionId === questionId)
    if (!q || q.upvoted || !q.public || this.x.isMe(q.user.userId)) return { ok: false }
    // shown at once; taken back when refused
    this.patch(questionId, (x) => ({ ...x, upvoted: true, upvotes: x.upvotes + 1 }))
    const ack = await this.x.d.ask('QUESTION_UPVOTE', { questionId })
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      if (typeof data.upvotes === 'number') {
        const upvotes = data.upvotes
        this.patch(questionId, (x) => ({ ...x, upvotes }))
      }
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.already) {
      this.patch(questionId, (x) => ({ ...x, upvotes: Math.max(0, x.upvotes - 1) }))
      return { ok: true }
    }
    this.patch(questionId, (x) => ({ ...x, upvoted: false, upvotes: Math.max(0, x.upvotes - 1) }))
    if (ack.code === CHAT_ERRORS.badRequest) return this.x.refuse(ack.code, ix('questions.upvoteFailed'))
    return this.x.refused(ack)
  }
}
