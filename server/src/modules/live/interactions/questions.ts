/**
 * Questions to the teacher, Q&A (S_QUESTION, T_ANSWER, QUESTION_UPVOTE, QUESTION_LIST, QUESTION_LIST_ALL): a
 * learner's question reaches the moderators and the asker only (the chat's rules: bans, blocked words, the 3 s
 * limit); a private answer reaches the asker, a public one everyone; a public question is upvoted once per learner.
 */
import { desc, eq, or, sql } from 'drizzle-orm'
import { CHAT_ERRORS, LIVE } from '../../../../../contract/schemas/live-codes'
import { INTERACTION, INTERACTION_ERRORS, type LiveQuestion } from '../../../../../contract/schemas/live-interactions'
import { liveQuestion, liveQuestionUpvote } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { escapeText } from '../chat/data'
import type { Kind, Kit, Payload, Seat } from './kit'
import {
  Answer,
  bad,
  chars,
  fail,
  inTx,
  isInt,
  isPosInt,
  MSG,
  ok,
  outer,
  staffRoomOf,
  textOf,
  userOf,
  userRoomOf,
} from './kit'

const EMPTY = 'the question is empty'
const TOO_LONG = `the question is longer than ${INTERACTION.QUESTION_MAX_TEXT} characters`

const toQuestion = (r: typeof liveQuestion.$inferSelect, upvoted = false): LiveQuestion => {
  const by = r.answeredBy
  return {
    questionId: r.id,
    user: userOf(r),
    content: r.content,
    time: r.createdAt.getTime(),
    answer: r.answer,
    answeredBy: by ? userOf(by) : null,
    answeredAt: r.answeredAt ? r.answeredAt.getTime() : 0,
    public: r.public,
    upvotes: r.upvotes,
    upvoted,
  }
}

export class Questions implements Kind {
  readonly handlers = {
    S_QUESTION: (seat: Seat, p: Payload) => this.ask(seat, p),
    T_ANSWER: (seat: Seat, p: Payload) => this.answer(seat, p),
    QUESTION_UPVOTE: (seat: Seat, p: Payload) => this.upvote(seat, p),
    QUESTION_LIST: (seat: Seat, p: Payload) => this.list(seat, p, false),
    QUESTION_LIST_ALL: (seat: Seat, p: Payload) => this.list(seat, p, true),
  }

  constructor(private readonly k: Kit) {}

  private async ask(seat: Seat, p: Payload) {
    if (typeof p.content !== 'string') return bad('content: the question text')
    const text = p.content.trim()
    if (!text) return fail(CHAT_ERRORS.empty, EMPTY)
    if (chars(text) > INTERACTION.QUESTION_MAX_TEXT) return fail(CHAT_ERRORS.tooLong, TOO_LONG)
    const c = seat.claims
    const { chat, store } = this.k.d
    const until = await this.k.d.banUntil(c, seat.user.userId)
    if (until) return fail(CHAT_ERRORS.banned, MSG.banned, until)
    const lower = text.toLowerCase()
    if ((await chat.censorWords(c.tenantId)).some((w) => lower.includes(w)))
      return fail(CHAT_ERRORS.censored, MSG.censored)
    if (!(await store.takeSlot(`ask:${seat.room}:${seat.user.userId}`, LIVE.SPEAK_GAP_MS)))
      return fail(CHAT_ERRORS.tooFast, MSG.tooFast)
    const s = new TenantScope(c.tenantId)
    const u = seat.user
    const [row] = await this.k.d.db
      .insert(liveQuestion)
      .values(
        s.row({
          channelId: c.channelId,
          sessionId: c.sessionId,
          userId: u.userId,
          nick: u.nick,
          pic: u.pic,
          userType: u.userType,
          content: escapeText(text),
        }),
      )
      .returning()
    const q = toQuestion(row!)
    this.k.emit([staffRoomOf(seat.room), userRoomOf(seat.room, u.userId)], 'S_QUESTION', q)
    return ok({ questionId: q.questionId })
  }

  private async answer(seat: Seat, p: Payload) {
    if (!isPosInt(p.questionId)) return bad('questionId: a question id')
    const content = textOf(p.content, INTERACTION.QUESTION_MAX_TEXT)
    if (content === null) return bad(`content: 1 to ${INTERACTION.QUESTION_MAX_TEXT} characters`)
    if (typeof p.public !== 'boolean') return bad('public: true or false')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const u = seat.user
    const [row] = await this.k.d.db
      .update(liveQuestion)
      .set({
        answer: escapeText(content),
        answeredBy: { userId: u.userId, nick: u.nick, pic: u.pic, userType: u.userType },
        answeredAt: new Date(),
        public: p.public,
      })
      .where(s.where(liveQuestion, eq(liveQuestion.id, p.questionId), eq(liveQuestion.sessionId, c.sessionId)))
      .returning()
    if (!row) return bad('questionId: no such question in this room', 'gone')
    const q = toQuestion(row)
    this.k.emit(row.public ? seat.room : [staffRoomOf(seat.room), userRoomOf(seat.room, row.userId)], 'T_ANSWER', q)
    return ok()
  }

  private async upvote(seat: Seat, p: Payload) {
    if (!isPosInt(p.questionId)) return bad('questionId: a question id')
    const questionId = p.questionId
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const me = seat.user.userId
    const ack = await inTx(this.k.d.db, async (tx) => {
      const [q] = await tx
        .select({ userId: liveQuestion.userId, public: liveQuestion.public })
        .from(liveQuestion)
        .where(s.where(liveQuestion, eq(liveQuestion.id, questionId), eq(liveQuestion.sessionId, c.sessionId)))
      if (!q?.public) throw new Answer(bad('questionId: only a public question of this room can be upvoted'))
      if (q.userId === me) throw new Answer(bad('questionId: not your own question'))
      const [v] = await tx
        .insert(liveQuestionUpvote)
        .values(s.row({ questionId, userId: me }))
        .onConflictDoNothing()
        .returning({ id: liveQuestionUpvote.id })
      if (!v) throw new Answer(fail(INTERACTION_ERRORS.already, MSG.already))
      const [row] = await tx
        .update(liveQuestion)
        .set({ upvotes: sql`${liveQuestion.upvotes} + 1` })
        .where(s.where(liveQuestion, eq(liveQuestion.id, questionId)))
        .returning({ upvotes: liveQuestion.upvotes })
      return ok({ upvotes: row!.upvotes })
    })
    if (ack.ok)
      this.k.emit(seat.room, 'QUESTION_UPVOTE', { questionId, upvotes: (ack.data as { upvotes: number }).upvotes })
    return ack
  }

  /** a page of the room's questions: a learner's own and the public ones, or all (moderators) */
  private async list(seat: Seat, p: Payload, all: boolean) {
    const page = p.page ?? 1
    if (!isInt(page, 1, 100_000)) return bad('page: 1 or more')
    const c = seat.claims
    const s = new TenantScope(c.tenantId)
    const me = seat.user.userId
    const size = LIVE.QUESTION_HISTORY_PAGE
    const rows = await this.k.d.db
      .select({
        q: liveQuestion,
        upvoted: sql<boolean>`exists (select 1 from ${liveQuestionUpvote} where ${liveQuestionUpvote.tenantId} = ${outer('live_question', 'tenant_id')} and ${liveQuestionUpvote.questionId} = ${outer('live_question', 'id')} and ${liveQuestionUpvote.userId} = ${me})`,
      })
      .from(liveQuestion)
      .where(
        s.where(
          liveQuestion,
          eq(liveQuestion.sessionId, c.sessionId),
          all ? undefined : or(eq(liveQuestion.userId, me), eq(liveQuestion.public, true)),
        ),
      )
      .orderBy(desc(liveQuestion.id))
      .limit(size)
      .offset((page - 1) * size)
    return ok({ list: rows.map((r) => toQuestion(r.q, Boolean(r.upvoted))) })
  }
}
