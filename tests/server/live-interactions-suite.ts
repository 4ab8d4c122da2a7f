/**
 * The live room's interactions (server/src/modules/live/interactions; wire: contract/schemas/live-interactions.ts)
 * through real socket.io clients, on PGlite (live-interactions.test.ts) and PostgreSQL (live-interactions.pg.test.ts):
 * who may send what, check-in and attendance, questionnaire, test question scored by shared/rules/scoring.ts, lottery
 * fairness and claims, points (rewards never below 0, red packets that add up), flowers, Q&A visibility, the
 * microphone flow and its time-out, class start/end, the late joiner's snapshot, tenant isolation, the learner's
 * points route. Time limits are short here (LIVE_INTERACTION_TEST_TIMING=1: 1 s minimum, mic 1.5 s, draw 0.3 s).
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatAck } from '../../contract/schemas/live-codes'
import {
  INTERACTION,
  type InteractionClientEvents,
  LEARNER_ONLY_EVENTS,
  type PointsPage,
  TEACHER_EVENTS,
} from '../../contract/schemas/live-interactions'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import {
  liveChannel,
  liveCheckin,
  liveCheckinSign,
  liveLottery,
  liveLotteryWinner,
  liveQuestion,
  liveQuestionnaire,
  liveRedpaper,
  liveRedpaperGrab,
  liveSession,
  liveTest,
  liveTestAnswer,
  pointsAccount,
  pointsLedger,
  question,
} from '../../server/src/db/schema'
import { TenantScope } from '../../server/src/http/core'
import { examQuestionIds } from '../../server/src/modules/bank/core'
import { LiveEvents } from '../../server/src/modules/live/events'
import { drawWinners, splitPoints } from '../../server/src/modules/live/interactions/draw'
import { grantPoints } from '../../server/src/modules/live/points'
import { createLiveProvider } from '../../server/src/modules/live/video'
import { issueToken } from '../../server/src/services/tokens'
import { scoreQuestion } from '../../shared/rules/scoring'
import { ChatClient, makeRoom, makeUsers, pause, type Room, tokenFor } from './live-chat-helpers'

const SECRET = 'interactions-test-secret'
type Ev = keyof InteractionClientEvents
type Got = { ok: true; data?: unknown } | { ok: false; code: string; message: string }

/** sends an interaction event (the chat client's typed send covers only live-codes' events) */
const act = <E extends Ev>(c: ChatClient, event: E, payload: InteractionClientEvents[E]) =>
  c.sendRaw(JSON.stringify({ EVENT: event, ...payload })) as Promise<ChatAck & Got>
const dataOf = <T>(ack: ChatAck) => (ack as { data: T }).data

export function liveInteractionsSuite(label: string, open: () => Promise<Database>) {
  describe(`live interactions (${label})`, () => {
    let database: Database
    let app: FastifyInstance
    let url = ''
    const events = new LiveEvents()
    const clients: ChatClient[] = []
    const config = defaultConfig({ secret: SECRET, rateLimit: { max: 1_000_000, loginMax: 1000, smsMax: 1000 } })
    let pool: number[] = []
    let other: number[] = []
    const users = (n: number) => pool.splice(0, n)
    const before = process.env.LIVE_INTERACTION_TEST_TIMING

    beforeAll(async () => {
      process.env.LIVE_INTERACTION_TEST_TIMING = '1'
      database = await open()
      const live = { provider: createLiveProvider(config), events }
      app = await buildApp({ db: database.db, config, services: { live } })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const addr = app.server.address()
      url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
      pool = await makeUsers(database.db, 1001, 160)
      other = await makeUsers(database.db, 1002, 10)
    })
    afterAll(async () => {
      for (const c of clients) c.close()
      await app?.close()
      await database?.close()
      if (before === undefined) delete process.env.LIVE_INTERACTION_TEST_TIMING
      else process.env.LIVE_INTERACTION_TEST_TIMING = before
    })

    const connect = async () => {
      const c = await ChatClient.connect(url)
      clients.push(c)
      return c
    }
    const join = async (
      room: Room,
      userId: number,
      userType: Parameters<typeof tokenFor>[3] = 'student',
      mode: 'live' | 'playback' = 'live',
    ) => {
      const c = await connect()
      const ack = await c.send('LOGIN', { token: tokenFor(SECRET, room, userId, userType, { mode }) })
      expect(ack, `login of ${userType} ${userId}`).toMatchObject({ ok: true })
      return c
    }
    const snapshotOf = async (room: Room, userId: number) => {
      const c = await connect()
      const ack = (await c.send('LOGIN', { token: tokenFor(SECRET, room, userId) })) as unknown as {
        room: { active: Record<string, unknown> }
      }
      return { c, active: ack.room.active }
    }
    const db = () => database.db
    /** a question of the tenant's bank of this type with options and an answer */
    const bankQuestion = async (tenantId: number, type: number) => {
      const [q] = await db()
        .select()
        .from(question)
        .where(
          and(
            eq(question.tenantId, tenantId),
            eq(question.type, type),
            sql`jsonb_array_length(${question.optionsList}) >= 2`,
            notInArray(question.id, examQuestionIds({ db: db(), scope: new TenantScope(tenantId) })),
          ),
        )
        .orderBy(asc(question.id))
        .limit(1)
      expect(q, `a type ${type} question of tenant ${tenantId}`).toBeDefined()
      return q!
    }
    const bearer = (tenantId: number, userId: number) =>
      issueToken(db(), new TenantScope(tenantId), config, userId).then((t) => `Bearer ${t}`)

    it('refuses a learner EVERY teacher event (FORBIDDEN), a moderator every learner-only event, and a playback room every interaction; nothing changes', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, s] = users(2)
      const teacher = await join(room, t!, 'teacher')
      const student = await join(room, s!)
      const q = await bankQuestion(1001, 1)
      const teacherPayloads: { [E in Ev]?: InteractionClientEvents[E] } = {
        SIGN_IN: { message: 'sign', limitSeconds: 30 },
        STOP_SIGN_IN: { checkinId: 1 },
        CHECKIN_RESULT: { checkinId: 1 },
        START_QUESTIONNAIRE: { title: 'q', items: [{ type: 'text', title: 'why' }], showResults: true },
        STOP_QUESTIONNAIRE: { questionnaireId: 1 },
        GET_TEST_QUESTION_CONTENT: { questionId: q.id, limitSeconds: 30 },
        STOP_TEST_QUESTION: { testId: 1 },
        LOTTERY_START: { prize: 'book', winnerCount: 1, among: 'present' },
        REDPAPER: { totalPoints: 10, count: 2 },
        T_ANSWER: { questionId: 1, content: 'a', public: true },
        QUESTION_LIST_ALL: { page: 1 },
        ALLOW_MICROPHONE: { userId: s! },
        MIC_SWITCH: { open: true },
        CLASSCONTROL: { kind: 'audio', mute: true },
        CLASS_STATE: { state: 'ended' },
      }
      expect(Object.keys(teacherPayloads).sort()).toEqual([...TEACHER_EVENTS].sort())
      for (const [event, payload] of Object.entries(teacherPayloads)) {
        const ack = await act(student, event as Ev, payload as never)
        expect(ack, event).toEqual({
          ok: false,
          code: 'FORBIDDEN',
          message: 'only the teacher, a manager or an assistant may do this',
        })
      }
      // nothing reached anyone, nothing was stored, the class did not end
      await pause(150)
      expect(teacher.events.map((e) => e.EVENT).filter((e) => e !== 'LOGIN')).toEqual([])
      for (const table of ['live_checkin', 'live_questionnaire', 'live_test', 'live_lottery', 'live_redpaper']) {
        const rows = await db().execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where session_id = ${room.sessionId}`,
        )
        const n =
          (rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n
        expect(n, table).toBe(0)
      }
      const [session] = await db().select().from(liveSession).where(eq(liveSession.id, room.sessionId))
      expect(session!.state).toBe('live')

      // moderators run interactions; they do not take part in them
      for (const event of LEARNER_ONLY_EVENTS) {
        const ack = await act(teacher, event, {} as never)
        expect(ack, event).toMatchObject({ ok: false, code: 'FORBIDDEN' })
      }
      // the playback room replays: every interaction is refused
      const viewer = await join(room, users(1)[0]!, 'student', 'playback')
      const staffViewer = await join(room, users(1)[0]!, 'teacher', 'playback')
      expect(await act(viewer, 'TO_SIGN_IN', { checkinId: 1 })).toMatchObject({ code: 'FORBIDDEN' })
      expect(await act(viewer, 'FLOWERS', {})).toMatchObject({ code: 'FORBIDDEN' })
      expect(await act(staffViewer, 'SIGN_IN', { message: 'x', limitSeconds: 30 })).toMatchObject({ code: 'FORBIDDEN' })
    })

    it('check-in: the teacher starts it, learners sign once, moderators see each signature; time runs out by the server clock; attendance counts it', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, a, b, late, assistant] = users(5)
      const teacher = await join(room, t!, 'teacher')
      const helper = await join(room, assistant!, 'assistant')
      let learnerA = await join(room, a!)
      const learnerB = await join(room, b!)
      // limits outside the bounds are refused
      for (const limitSeconds of [0, INTERACTION.CHECKIN_MAX_S + 1, 1.5])
        expect(await act(teacher, 'SIGN_IN', { message: 'x', limitSeconds })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(teacher, 'SIGN_IN', { message: 'y'.repeat(201), limitSeconds: 2 })).toMatchObject({
        code: 'BAD_REQUEST',
      })

      const at = Date.now()
      const started = await act(teacher, 'SIGN_IN', { message: ' Sign <now> ', limitSeconds: 2 })
      expect(started.ok).toBe(true)
      const { checkinId, endsAt } = dataOf<{ checkinId: number; endsAt: number }>(started)
      expect(endsAt).toBeGreaterThanOrEqual(at + 2000)
      expect(endsAt).toBeLessThan(at + 2500)
      await learnerA.waitEvent('SIGN_IN')
      expect(learnerA.of('SIGN_IN')[0]).toEqual({ EVENT: 'SIGN_IN', checkinId, message: 'Sign &lt;now&gt;', endsAt })
      // one at a time
      expect(await act(teacher, 'SIGN_IN', { message: 'again', limitSeconds: 5 })).toMatchObject({
        code: 'BAD_REQUEST',
      })

      expect(await act(learnerA, 'TO_SIGN_IN', { checkinId })).toEqual({ ok: true })
      expect(await act(learnerA, 'TO_SIGN_IN', { checkinId })).toMatchObject({ ok: false, code: 'ALREADY' })
      await teacher.waitEvent('TO_SIGN_IN')
      await helper.waitEvent('TO_SIGN_IN')
      expect(teacher.of('TO_SIGN_IN')[0]).toMatchObject({
        checkinId,
        signed: 1,
        user: { userId: a, userType: 'student' },
      })
      expect(await act(learnerB, 'TO_SIGN_IN', { checkinId })).toEqual({ ok: true })
      await teacher.waitEvent('TO_SIGN_IN', 2)
      expect(teacher.of('TO_SIGN_IN')[1]).toMatchObject({ signed: 2, user: { userId: b } })
      // learners do not see each other's signatures
      expect(learnerA.of('TO_SIGN_IN')).toEqual([])

      // a late joiner sees the running check-in, a learner who signed sees it signed
      const { c: lateClient, active } = await snapshotOf(room, late!)
      expect(active.checkin).toEqual({ checkinId, message: 'Sign &lt;now&gt;', endsAt, signed: false })
      // (the same account logging in again closes its older socket: carry on with the new one)
      const again = await snapshotOf(room, a!)
      expect(again.active.checkin).toMatchObject({ checkinId, signed: true })
      learnerA = again.c

      // the server's clock: STOP_SIGN_IN once the time is up, exactly once; a signature after it is refused
      await lateClient.waitEvent('STOP_SIGN_IN', 1, 4000)
      expect(Date.now()).toBeGreaterThanOrEqual(endsAt)
      expect(lateClient.of('STOP_SIGN_IN')[0]).toEqual({ EVENT: 'STOP_SIGN_IN', checkinId, signed: 2 })
      expect(await act(lateClient, 'TO_SIGN_IN', { checkinId })).toMatchObject({ ok: false, code: 'OVER' })
      await pause(300)
      expect(learnerB.of('STOP_SIGN_IN')).toHaveLength(1)
      expect(teacher.of('STOP_SIGN_IN')).toHaveLength(1)

      const result = await act(teacher, 'CHECKIN_RESULT', { checkinId })
      expect(dataOf<{ signed: { userId: number }[]; total: number }>(result)).toMatchObject({
        total: 2,
        signed: [{ userId: a }, { userId: b }],
      })

      // stopped by hand: STOP_SIGN_IN at once, a second stop is OVER
      const second = dataOf<{ checkinId: number }>(await act(teacher, 'SIGN_IN', { message: '', limitSeconds: 60 }))
      expect(await act(teacher, 'STOP_SIGN_IN', { checkinId: second.checkinId })).toMatchObject({ ok: true })
      await learnerA.waitFor(() => learnerA.of('STOP_SIGN_IN').some((e) => e.checkinId === second.checkinId), 'stop')
      expect(await act(teacher, 'STOP_SIGN_IN', { checkinId: second.checkinId })).toMatchObject({ code: 'OVER' })
      expect(await act(learnerA, 'TO_SIGN_IN', { checkinId: second.checkinId })).toMatchObject({ code: 'OVER' })

      // attendance: the session row of learner A says attended, of the late joiner not
      const rowsOf = async (userId: number) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/study/record/getChannelBasicInfo?channelId=${room.channelId}&sessionId=${room.sessionId}`,
          headers: { 'tenant-id': '1001', authorization: await bearer(1001, userId) },
        })
        expect(res.statusCode).toBe(200)
        const sessions = (res.json() as { data: { sessions: { sessionId: number; attended: boolean }[] } }).data
          .sessions
        return sessions.find((x) => x.sessionId === room.sessionId)!
      }
      expect((await rowsOf(a!)).attended).toBe(true)
      expect((await rowsOf(late!)).attended).toBe(false)
    })

    it('questionnaire: items checked, one answer per learner checked against the items, live results to moderators (throttled), results to everyone at the stop when chosen', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, ...learnerIds] = users(6)
      const teacher = await join(room, t!, 'teacher')
      const learners = await Promise.all(learnerIds.map((id) => join(room, id)))
      const bads: unknown[] = [
        [],
        [{ type: 'single', title: 'one option', options: ['a'] }],
        [{ type: 'multiple', title: 'x', options: Array.from({ length: 11 }, (_, i) => `o${i}`) }],
        [{ type: 'rating', title: 'x' }],
        [{ type: 'text', title: '' }],
        Array.from({ length: 21 }, () => ({ type: 'text', title: 'x' })),
      ]
      for (const items of bads)
        expect(
          await act(teacher, 'START_QUESTIONNAIRE', { title: 'T', items: items as never, showResults: true }),
          JSON.stringify(items),
        ).toMatchObject({ code: 'BAD_REQUEST' })
      expect(
        Number(
          (
            await db()
              .select({ n: sql<number>`count(*)` })
              .from(liveQuestionnaire)
              .where(eq(liveQuestionnaire.sessionId, room.sessionId))
          )[0]!.n,
        ),
      ).toBe(0)

      const items = [
        { type: 'single' as const, title: 'How fast?', options: ['slow', 'fine', 'fast'] },
        { type: 'multiple' as const, title: 'What helped?', options: ['slides', 'examples', 'Q&A'] },
        { type: 'text' as const, title: 'Anything <else>?' },
      ]
      const started = await act(teacher, 'START_QUESTIONNAIRE', { title: 'Feedback', items, showResults: true })
      const { questionnaireId } = dataOf<{ questionnaireId: number }>(started)
      await learners[0]!.waitEvent('START_QUESTIONNAIRE')
      expect(learners[0]!.of('START_QUESTIONNAIRE')[0]).toMatchObject({
        questionnaireId,
        title: 'Feedback',
        items: [items[0], items[1], { type: 'text', title: 'Anything &lt;else&gt;?' }],
      })
      expect(await act(teacher, 'START_QUESTIONNAIRE', { title: 'Two', items, showResults: false })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      // answers that do not fit the items change nothing
      const wrong: unknown[] = [
        [{ options: [0] }, { options: [1] }],
        [{ options: [0, 1] }, { options: [1] }, { text: 'x' }],
        [{ options: [3] }, { options: [1] }, { text: 'x' }],
        [{ options: [0] }, { options: [] }, { text: 'x' }],
        [{ options: [0] }, { options: [1, 1] }, { text: 'x' }],
        [{ options: [0] }, { options: [1] }, { text: '   ' }],
        [{ options: [0] }, { options: [1] }, { options: [0] }],
      ]
      for (const answers of wrong)
        expect(
          await act(learners[0]!, 'ANSWER_QUESTIONNAIRE', { questionnaireId, answers: answers as never }),
        ).toMatchObject({ code: 'BAD_REQUEST' })
      const answer = (i: number, single: number, multiple: number[], text: string) =>
        act(learners[i]!, 'ANSWER_QUESTIONNAIRE', {
          questionnaireId,
          answers: [{ options: [single] }, { options: multiple }, { text }],
        })
      const acks = await Promise.all([
        answer(0, 1, [0, 1], 'more <b>examples</b>'),
        answer(1, 1, [1], 'ok'),
        answer(2, 2, [0, 1, 2], 'great'),
        answer(3, 0, [2], 'too fast'),
      ])
      expect(acks.every((x) => x.ok)).toBe(true)
      expect(await answer(0, 0, [0], 'again')).toMatchObject({ code: 'ALREADY' })
      // live to moderators, merged: at most one push a second
      await teacher.waitFor(
        () => teacher.of('QUESTIONNAIRE_RESULT').some((e) => e.answered === 4),
        'the live result with 4 answers',
        3000,
      )
      expect(teacher.of('QUESTIONNAIRE_RESULT').length).toBeLessThanOrEqual(2)
      expect(learners[4]!.of('QUESTIONNAIRE_RESULT')).toEqual([])
      // a late joiner sees it running, one who answered sees it answered
      // (the same account logging in again closes its older socket: carry on with the new one)
      for (const [i, answered] of [
        [4, false],
        [0, true],
      ] as const) {
        const again = await snapshotOf(room, learnerIds[i]!)
        expect(again.active.questionnaire).toMatchObject({ questionnaireId, answered })
        learners[i] = again.c
      }

      expect(await act(teacher, 'STOP_QUESTIONNAIRE', { questionnaireId })).toMatchObject({ ok: true })
      await learners[4]!.waitEvent('STOP_QUESTIONNAIRE')
      const stop = learners[4]!.of('STOP_QUESTIONNAIRE')[0]!
      expect(stop.result).toMatchObject({
        questionnaireId,
        answered: 4,
        items: [
          { type: 'single', counts: [1, 2, 1] },
          { type: 'multiple', counts: [2, 3, 2] },
          {
            type: 'text',
            texts: expect.arrayContaining(['more &lt;b&gt;examples&lt;/b&gt;', 'ok', 'great', 'too fast']),
          },
        ],
      })
      expect(await answer(4, 0, [0], 'late')).toMatchObject({ code: 'OVER' })
      expect(await act(teacher, 'STOP_QUESTIONNAIRE', { questionnaireId })).toMatchObject({ code: 'OVER' })

      // results kept from learners when the teacher chooses so; moderators still get them
      const hidden = dataOf<{ questionnaireId: number }>(
        await act(teacher, 'START_QUESTIONNAIRE', { title: 'Private', items: [items[0]!], showResults: false }),
      )
      await act(learners[1]!, 'ANSWER_QUESTIONNAIRE', {
        questionnaireId: hidden.questionnaireId,
        answers: [{ options: [2] }],
      })
      await act(teacher, 'STOP_QUESTIONNAIRE', { questionnaireId: hidden.questionnaireId })
      await learners[1]!.waitEvent('STOP_QUESTIONNAIRE', 2)
      expect(learners[1]!.of('STOP_QUESTIONNAIRE')[1]).toEqual({
        EVENT: 'STOP_QUESTIONNAIRE',
        questionnaireId: hidden.questionnaireId,
        result: null,
      })
      await teacher.waitFor(
        () => teacher.of('QUESTIONNAIRE_RESULT').some((e) => e.questionnaireId === hidden.questionnaireId),
        'the private result',
      )
    })

    it('test question: pushed from the bank without its answer, answered once before the server clock says stop, scored with scoring.ts; results live to moderators and to everyone at the time-out', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, a, b, c, late] = users(5)
      const teacher = await join(room, t!, 'teacher')
      const [la, lb, lc] = await Promise.all([join(room, a!), join(room, b!), join(room, c!)])
      const single = await bankQuestion(1001, 1)
      const multiple = await bankQuestion(1001, 2)
      const foreign = await bankQuestion(1002, 1)
      expect(
        await act(teacher, 'GET_TEST_QUESTION_CONTENT', { questionId: foreign.id, limitSeconds: 5 }),
      ).toMatchObject({ code: 'BAD_REQUEST' })
      // a question of an exam that has not closed is never pushed (it would show the exam's questions early)
      const [sealed] = await db()
        .select({ id: question.id })
        .from(question)
        .where(
          and(
            eq(question.tenantId, 1001),
            inArray(question.type, [1, 2, 3]),
            inArray(question.id, examQuestionIds({ db: db(), scope: new TenantScope(1001) })),
          ),
        )
        .limit(1)
      expect(sealed, 'a seeded exam paper question').toBeDefined()
      expect(
        await act(teacher, 'GET_TEST_QUESTION_CONTENT', { questionId: sealed!.id, limitSeconds: 5 }),
      ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('exam') })
      const [essay] = await db()
        .select({ id: question.id })
        .from(question)
        .where(and(eq(question.tenantId, 1001), inArray(question.type, [4, 5])))
        .limit(1)
      if (essay)
        expect(
          await act(teacher, 'GET_TEST_QUESTION_CONTENT', { questionId: essay.id, limitSeconds: 5 }),
        ).toMatchObject({
          code: 'BAD_REQUEST',
        })
      expect(
        await act(teacher, 'GET_TEST_QUESTION_CONTENT', {
          questionId: single.id,
          limitSeconds: INTERACTION.TEST_MAX_S + 1,
        }),
      ).toMatchObject({ code: 'BAD_REQUEST' })

      // a multiple choice question, 2 s
      const pushed = await act(teacher, 'GET_TEST_QUESTION_CONTENT', { questionId: multiple.id, limitSeconds: 2 })
      const { testId, endsAt } = dataOf<{ testId: number; endsAt: number }>(pushed)
      await la.waitEvent('GET_TEST_QUESTION_CONTENT')
      const content = la.of('GET_TEST_QUESTION_CONTENT')[0]!
      expect(content).toMatchObject({ testId, questionId: multiple.id, quesType: 2, stem: multiple.title, endsAt })
      expect(Object.keys(content).sort()).toEqual([
        'EVENT',
        'endsAt',
        'options',
        'quesType',
        'questionId',
        'stem',
        'testId',
      ])
      const labels = (content.options as [string, string][]).map(([l]) => l)
      expect(labels).toEqual(multiple.optionsList.map((o) => o.label))
      const right = multiple.ans.split(',').map((x) => x.trim())
      const wrongLabel = labels.find((l) => !right.includes(l))!

      expect(await act(la, 'ANSWER_TEST_QUESTION', { testId, option: ['Z'] })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(la, 'ANSWER_TEST_QUESTION', { testId, option: [] })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(la, 'ANSWER_TEST_QUESTION', { testId, option: right })).toEqual({ ok: true })
      expect(await act(la, 'ANSWER_TEST_QUESTION', { testId, option: [wrongLabel] })).toMatchObject({ code: 'ALREADY' })
      expect(await act(lb, 'ANSWER_TEST_QUESTION', { testId, option: [wrongLabel] })).toEqual({ ok: true })
      expect(await act(lc, 'ANSWER_TEST_QUESTION', { testId, option: [right[0]!.toLowerCase()] })).toEqual({ ok: true })
      await teacher.waitFor(
        () => teacher.of('GET_TEST_QUESTION_RESULT').some((e) => e.answered === 3),
        'the live result with 3 answers',
        3000,
      )
      expect(la.of('GET_TEST_QUESTION_RESULT')).toEqual([])
      const stored = await db()
        .select()
        .from(liveTestAnswer)
        .where(eq(liveTestAnswer.testId, testId))
        .orderBy(asc(liveTestAnswer.id))
      const expected = (ques: string) =>
        scoreQuestion({
          questionId: multiple.id,
          type: 2,
          score: multiple.score,
          ...(multiple.partScore === null ? {} : { partScore: multiple.partScore }),
          ans: multiple.ans,
          ques,
        })
      expect(stored.map((r) => [r.userId, r.result, r.earned])).toEqual([
        [a, 'right', expected(right.join(',')).earned],
        [b, 'wrong', 0],
        [c, right.length > 1 ? 'partial' : 'right', expected(right[0]!).earned],
      ])
      // a late joiner sees the running question (without its answer)
      const { c: lateClient, active } = await snapshotOf(room, late!)
      expect(active.test).toMatchObject({ testId, questionId: multiple.id, answered: false, endsAt })
      expect(active.test).not.toHaveProperty('answer')

      // time-out by the server clock: the result to everyone, once
      await lateClient.waitEvent('GET_TEST_QUESTION_RESULT', 1, 4000)
      const result = lateClient.of('GET_TEST_QUESTION_RESULT')[0]!
      expect(result).toMatchObject({
        testId,
        questionId: multiple.id,
        answer: right,
        analysis: multiple.analysis,
        answered: 3,
        right: right.length > 1 ? 1 : 2,
      })
      expect(result.rightRate).toBeCloseTo((right.length > 1 ? 1 : 2) / 3, 3)
      const distribution = result.distribution as Record<string, number>
      expect(Object.keys(distribution).sort()).toEqual([...labels].sort())
      expect(distribution[wrongLabel]).toBe(1)
      expect(distribution[right[0]!]).toBe(2)
      expect(await act(lateClient, 'ANSWER_TEST_QUESTION', { testId, option: right })).toMatchObject({ code: 'OVER' })
      await pause(300)
      expect(lb.of('GET_TEST_QUESTION_RESULT')).toHaveLength(1)

      // the server's clock decides, not the row's state: endsAt passed = refused even before the time-out closed it
      const next = dataOf<{ testId: number }>(
        await act(teacher, 'GET_TEST_QUESTION_CONTENT', { questionId: single.id, limitSeconds: 60 }),
      )
      await db()
        .update(liveTest)
        .set({ endsAt: new Date(Date.now() - 10) })
        .where(eq(liveTest.id, next.testId))
      expect(await act(la, 'ANSWER_TEST_QUESTION', { testId: next.testId, option: ['A'] })).toMatchObject({
        code: 'OVER',
      })
      // stopped by hand
      const third = dataOf<{ testId: number }>(
        await act(teacher, 'GET_TEST_QUESTION_CONTENT', { questionId: single.id, limitSeconds: 60 }),
      )
      expect(await act(la, 'ANSWER_TEST_QUESTION', { testId: third.testId, option: ['A', 'B'] })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(await act(teacher, 'STOP_TEST_QUESTION', { testId: third.testId })).toMatchObject({ ok: true })
      await la.waitFor(() => la.of('GET_TEST_QUESTION_RESULT').some((e) => e.testId === third.testId), 'stop result')
      expect(await act(teacher, 'STOP_TEST_QUESTION', { testId: third.testId })).toMatchObject({ code: 'OVER' })
    })

    it('draws are fair: uniform without replacement, and red packet shares always add up (statistical smoke)', () => {
      const pool = [1, 2, 3, 4, 5].map((id) => ({ id }))
      const seen = new Map<number, number>()
      const N = 20_000
      for (let i = 0; i < N; i++) {
        const w = drawWinners(pool, 2, (x) => x.id)
        expect(new Set(w.map((x) => x.id)).size).toBe(2)
        for (const x of w) seen.set(x.id, (seen.get(x.id) ?? 0) + 1)
      }
      // each is drawn with probability 2/5: 8000 expected, sd ~69
      for (const id of [1, 2, 3, 4, 5]) expect(Math.abs(seen.get(id)! - N * 0.4)).toBeLessThan(400)
      expect(drawWinners(pool, 10, (x) => x.id)).toHaveLength(5)
      expect(drawWinners([...pool, { id: 1 }], 6, (x) => x.id)).toHaveLength(5)
      for (let i = 0; i < 2000; i++) {
        const total = 1 + Math.floor(Math.random() * 1000)
        const count = 1 + Math.floor(Math.random() * Math.min(total, 500))
        const shares = splitPoints(total, count)
        expect(shares).toHaveLength(count)
        expect(shares.reduce((x, y) => x + y, 0)).toBe(total)
        expect(Math.min(...shares)).toBeGreaterThanOrEqual(1)
      }
      expect(
        splitPoints(INTERACTION.REDPAPER_MAX_POINTS, INTERACTION.REDPAPER_MAX_COUNT).reduce((x, y) => x + y, 0),
      ).toBe(INTERACTION.REDPAPER_MAX_POINTS)
      expect(splitPoints(7, 7)).toEqual([1, 1, 1, 1, 1, 1, 1])
    })

    it('lottery: winners only among learners present (never staff) or who signed a check-in, no repeats, announced after the draw; only a winner claims, once', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, assistant, ...ids] = users(8)
      const teacher = await join(room, t!, 'teacher')
      await join(room, assistant!, 'assistant')
      const learners = await Promise.all(ids.map((id) => join(room, id)))
      expect(await act(teacher, 'LOTTERY_START', { prize: 'A book', winnerCount: 0, among: 'present' })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(
        await act(teacher, 'LOTTERY_START', {
          prize: 'A book',
          winnerCount: INTERACTION.LOTTERY_MAX_WINNERS + 1,
          among: 'present',
        }),
      ).toMatchObject({ code: 'BAD_REQUEST' })

      const started = await act(teacher, 'LOTTERY_START', { prize: 'A <book>', winnerCount: 3, among: 'present' })
      const {
        lotteryId,
        winners: drawn,
        eligible,
      } = dataOf<{ lotteryId: number; winners: number; eligible: number }>(started)
      expect({ drawn, eligible }).toEqual({ drawn: 3, eligible: 6 })
      await learners[0]!.waitEvent('LOTTERY_START')
      expect(learners[0]!.of('LOTTERY_START')[0]).toMatchObject({ lotteryId, prize: 'A &lt;book&gt;', winnerCount: 3 })
      // before the announcement nobody can claim
      expect(
        await act(learners[0]!, 'LOTTERY_CLAIM', { lotteryId, name: 'Li', phone: '13800001111', address: 'Road 1' }),
      ).toMatchObject({ code: 'NOT_WINNER' })
      await learners[0]!.waitEvent('LOTTERY_END')
      const on = learners[0]!.of('ON_LOTTERY')[0]!
      const winnerIds = (on.winners as { userId: number; userType: string }[]).map((w) => w.userId)
      expect(winnerIds).toHaveLength(3)
      expect(new Set(winnerIds).size).toBe(3)
      expect(winnerIds.every((id) => ids.includes(id))).toBe(true)
      expect(learners[0]!.events.findIndex((e) => e.EVENT === 'ON_LOTTERY')).toBeLessThan(
        learners[0]!.events.findIndex((e) => e.EVENT === 'LOTTERY_END'),
      )
      // stored, the same as announced
      const stored = await db().select().from(liveLotteryWinner).where(eq(liveLotteryWinner.lotteryId, lotteryId))
      expect(stored.map((w) => w.userId).sort()).toEqual([...winnerIds].sort())

      const winner = learners[ids.indexOf(winnerIds[0]!)]!
      const loser = learners[ids.findIndex((id) => !winnerIds.includes(id))]!
      const form = { lotteryId, name: ' Li Lei ', phone: '13800001111', address: 'No. 1 Road <A>' }
      expect(await act(loser, 'LOTTERY_CLAIM', form)).toMatchObject({ code: 'NOT_WINNER' })
      expect(await act(winner, 'LOTTERY_CLAIM', { ...form, phone: '12345' })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(winner, 'LOTTERY_CLAIM', { ...form, address: ' ' })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(winner, 'LOTTERY_CLAIM', form)).toEqual({ ok: true })
      expect(await act(winner, 'LOTTERY_CLAIM', form)).toMatchObject({ code: 'ALREADY' })
      const [claim] = await db()
        .select()
        .from(liveLotteryWinner)
        .where(and(eq(liveLotteryWinner.lotteryId, lotteryId), eq(liveLotteryWinner.userId, winnerIds[0]!)))
      expect(claim).toMatchObject({
        claimName: 'Li Lei',
        claimPhone: '13800001111',
        claimAddress: 'No. 1 Road &lt;A&gt;',
      })

      // more winners asked than learners present: everyone present wins, once
      const all = dataOf<{ lotteryId: number; winners: number }>(
        await act(teacher, 'LOTTERY_START', { prize: 'Pens', winnerCount: 50, among: 'present' }),
      )
      expect(all.winners).toBe(6)

      // among those who signed a check-in
      const ck = dataOf<{ checkinId: number }>(await act(teacher, 'SIGN_IN', { message: 'sign', limitSeconds: 30 }))
      await act(learners[0]!, 'TO_SIGN_IN', { checkinId: ck.checkinId })
      await act(learners[1]!, 'TO_SIGN_IN', { checkinId: ck.checkinId })
      const signedOnly = dataOf<{ lotteryId: number; winners: number; eligible: number }>(
        await act(teacher, 'LOTTERY_START', {
          prize: 'Cup',
          winnerCount: 5,
          among: 'checkedIn',
          checkinId: ck.checkinId,
        }),
      )
      expect(signedOnly).toMatchObject({ winners: 2, eligible: 2 })
      const signers = await db()
        .select()
        .from(liveLotteryWinner)
        .where(eq(liveLotteryWinner.lotteryId, signedOnly.lotteryId))
      expect(signers.map((w) => w.userId).sort()).toEqual([ids[0]!, ids[1]!].sort())
      expect(
        await act(teacher, 'LOTTERY_START', {
          prize: 'Cup',
          winnerCount: 1,
          among: 'checkedIn',
          checkinId: 2 ** 31 - 1,
        }),
      ).toMatchObject({ code: 'BAD_REQUEST' })
      // nobody eligible: refused, nothing stored
      const empty = await makeRoom(db(), 1001)
      const lonely = await join(empty, users(1)[0]!, 'teacher')
      expect(await act(lonely, 'LOTTERY_START', { prize: 'x', winnerCount: 1, among: 'present' })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(await db().select().from(liveLottery).where(eq(liveLottery.sessionId, empty.sessionId))).toEqual([])
    })

    it('points: a reward moves points from the learner to the teacher and never below 0, even when sent concurrently; the ledger and the points route say so', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, a, b] = users(3)
      const learnerA = await join(room, a!)
      // no teacher in the room: nobody to reward
      expect(await act(learnerA, 'REWARD', { points: 1 })).toMatchObject({ code: 'BAD_REQUEST' })
      const teacher = await join(room, t!, 'teacher')
      // new learners have nothing
      expect(await act(learnerA, 'REWARD', { points: 1 })).toMatchObject({ ok: false, code: 'POINTS' })
      await grantPoints(db(), 1001, a!, 100, 'welcome')
      expect(await act(learnerA, 'REWARD', { points: 0 })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(learnerA, 'REWARD', { points: INTERACTION.REWARD_MAX_POINTS + 1 })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(await act(learnerA, 'REWARD', { points: 30 })).toEqual({ ok: true, data: { balance: 70 } })
      await teacher.waitEvent('REWARD')
      expect(teacher.of('REWARD')[0]).toMatchObject({ user: { userId: a }, points: 30 })
      expect(await act(learnerA, 'REWARD', { points: 71 })).toMatchObject({ code: 'POINTS' })

      // ten rewards of 10 at once from 50 points: five pass, five are refused, the balance ends at 0
      await grantPoints(db(), 1001, b!, 50)
      const learnerB = await join(room, b!)
      const acks = await Promise.all(Array.from({ length: 10 }, () => act(learnerB, 'REWARD', { points: 10 })))
      expect(acks.filter((x) => x.ok)).toHaveLength(5)
      expect(acks.filter((x) => !x.ok).every((x) => !x.ok && x.code === 'POINTS')).toBe(true)
      const balances = await db()
        .select({ userId: pointsAccount.userId, balance: pointsAccount.balance })
        .from(pointsAccount)
        .where(inArray(pointsAccount.userId, [t!, a!, b!]))
      expect(Object.fromEntries(balances.map((r) => [r.userId, r.balance]))).toEqual({ [t!]: 80, [a!]: 70, [b!]: 0 })
      // the ledger adds up to each balance and never shows a negative balance
      const ledger = await db()
        .select()
        .from(pointsLedger)
        .where(inArray(pointsLedger.userId, [t!, a!, b!]))
        .orderBy(asc(pointsLedger.id))
      for (const r of balances) {
        const rows = ledger.filter((l) => l.userId === r.userId)
        expect(rows.reduce((x, l) => x + l.delta, 0)).toBe(r.balance)
        expect(rows.at(-1)!.balance).toBe(r.balance)
        expect(rows.every((l) => l.balance >= 0)).toBe(true)
      }
      // the database refuses a negative balance outright
      await expect(
        db()
          .update(pointsAccount)
          .set({ balance: -1 })
          .where(and(eq(pointsAccount.tenantId, 1001), eq(pointsAccount.userId, b!))),
      ).rejects.toThrow()

      // the learner's points route: balance and ledger, newest first; the same auth as contract routes
      const res = await app.inject({
        method: 'GET',
        url: '/api/live/points?pageNum=1&pageSize=2',
        headers: { 'tenant-id': '1001', authorization: await bearer(1001, a!) },
      })
      expect(res.statusCode).toBe(200)
      const page = (res.json() as { code: number; data: PointsPage }).data
      expect(page).toMatchObject({
        balance: 70,
        total: 2,
        rows: [
          {
            delta: -30,
            balance: 70,
            reason: 'reward_sent',
            sessionId: room.sessionId,
            sessionTitle: 'chat test session',
          },
          { delta: 100, balance: 100, reason: 'grant', sessionId: null, note: 'welcome' },
        ],
      })
      const teacherPage = await app.inject({
        method: 'GET',
        url: '/api/live/points',
        headers: { 'tenant-id': '1001', authorization: await bearer(1001, t!) },
      })
      expect((teacherPage.json() as { data: PointsPage }).data).toMatchObject({ balance: 80, total: 6 })
      const refused = async (headers: Record<string, string>, url = '/api/live/points') =>
        (await app.inject({ method: 'GET', url, headers })).json() as { code: number }
      expect(await refused({ 'tenant-id': '1001' })).toMatchObject({ code: 401 })
      expect(await refused({ 'tenant-id': '1002', authorization: await bearer(1001, a!) })).toMatchObject({ code: 401 })
      expect(await refused({ authorization: await bearer(1001, a!) })).toMatchObject({ code: 400 })
      expect(
        await refused({ 'tenant-id': '1001', authorization: await bearer(1001, a!) }, '/api/live/points?pageSize=500'),
      ).toMatchObject({ code: 400 })
    })

    it('red packets: school points split at random into count shares, first come first served, once per learner, shares add up to the total', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, ...ids] = users(6)
      const teacher = await join(room, t!, 'teacher')
      const learners = await Promise.all(ids.map((id) => join(room, id)))
      expect(await act(teacher, 'REDPAPER', { totalPoints: 2, count: 3 })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(teacher, 'REDPAPER', { totalPoints: 10, count: 0 })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(
        await act(teacher, 'REDPAPER', { totalPoints: INTERACTION.REDPAPER_MAX_POINTS + 1, count: 1 }),
      ).toMatchObject({ code: 'BAD_REQUEST' })
      const sent = await act(teacher, 'REDPAPER', { totalPoints: 10, count: 3, greeting: 'Well <done>' })
      const { redpaperId } = dataOf<{ redpaperId: number }>(sent)
      await learners[0]!.waitEvent('REDPAPER')
      expect(learners[0]!.of('REDPAPER')[0]).toMatchObject({
        redpaperId,
        user: { userId: t },
        totalPoints: 10,
        count: 3,
        greeting: 'Well &lt;done&gt;',
      })
      // five learners grab at once: three shares, two get nothing
      const acks = await Promise.all(learners.map((c) => act(c, 'GRAB_REDPAPER', { redpaperId })))
      const points = acks.map((x) => dataOf<{ points: number }>(x).points)
      expect(points.filter((p) => p > 0)).toHaveLength(3)
      expect(points.reduce((x, y) => x + y, 0)).toBe(10)
      expect(await act(learners[0]!, 'GRAB_REDPAPER', { redpaperId })).toMatchObject(
        points[0]! > 0 ? { code: 'ALREADY' } : { ok: true, data: { points: 0 } },
      )
      const [row] = await db().select().from(liveRedpaper).where(eq(liveRedpaper.id, redpaperId))
      expect(row!.grabbed).toBe(3)
      const grabs = await db().select().from(liveRedpaperGrab).where(eq(liveRedpaperGrab.redpaperId, redpaperId))
      expect(grabs).toHaveLength(3)
      expect(grabs.reduce((x, g) => x + g.points, 0)).toBe(10)
      // everyone sees who grabbed and how many are left
      await learners[4]!.waitEvent('REDPAPER_GRABBED', 3)
      expect(
        learners[4]!
          .of('REDPAPER_GRABBED')
          .map((e) => e.left)
          .sort(),
      ).toEqual([0, 1, 2])
      // the points reached the winners' balances (the teacher paid nothing: they are the school's)
      const balances = await db()
        .select()
        .from(pointsAccount)
        .where(inArray(pointsAccount.userId, [t!, ...ids]))
      expect(balances.reduce((x, r) => x + r.balance, 0)).toBe(10)
      expect(balances.find((r) => r.userId === t)).toBeUndefined()
      expect(await act(learners[0]!, 'GRAB_REDPAPER', { redpaperId: 2 ** 31 - 1 })).toMatchObject({ code: 'OVER' })
    })

    it('flowers: free, one bunch per learner every 10 s, broadcast with the total', async () => {
      const room = await makeRoom(db(), 1001)
      const [a, b] = users(2)
      const la = await join(room, a!)
      const lb = await join(room, b!)
      expect(await act(la, 'FLOWERS', {})).toEqual({ ok: true, data: { total: 1 } })
      expect(await act(la, 'FLOWERS', {})).toMatchObject({ code: 'TOO_FAST' })
      expect(await act(lb, 'FLOWERS', {})).toEqual({ ok: true, data: { total: 2 } })
      await la.waitEvent('FLOWERS', 2)
      expect(la.of('FLOWERS')[1]).toMatchObject({ user: { userId: b }, total: 2 })
    })

    it('Q&A: a question reaches the moderators and the asker only; a private answer the asker, a public one everyone; upvotes on public questions once per learner; lists', async () => {
      const room = await makeRoom(db(), 1001)
      const [t, a, b] = users(3)
      const teacher = await join(room, t!, 'teacher')
      const asker = await join(room, a!)
      const peer = await join(room, b!)
      expect(await act(asker, 'S_QUESTION', { content: '   ' })).toMatchObject({ code: 'EMPTY' })
      expect(await act(asker, 'S_QUESTION', { content: 'x'.repeat(INTERACTION.QUESTION_MAX_TEXT + 1) })).toMatchObject({
        code: 'TOO_LONG',
      })
      const asked = await act(asker, 'S_QUESTION', { content: ' Why <this>? ' })
      const { questionId } = dataOf<{ questionId: number }>(asked)
      // the 3 s rule, with the spec's text, the same as chat's (spec §5: 'same for a question')
      expect(await act(asker, 'S_QUESTION', { content: 'and?' })).toMatchObject({
        code: 'TOO_FAST',
        message: 'you are speaking too fast, please try again later',
      })
      await teacher.waitEvent('S_QUESTION')
      await asker.waitEvent('S_QUESTION')
      expect(teacher.of('S_QUESTION')[0]).toMatchObject({
        questionId,
        content: 'Why &lt;this&gt;?',
        user: { userId: a },
        public: false,
        answer: '',
        answeredBy: null,
      })
      // private answer: the asker (and moderators), not the peer
      expect(await act(teacher, 'T_ANSWER', { questionId, content: 'Because.', public: false })).toEqual({ ok: true })
      await asker.waitEvent('T_ANSWER')
      expect(asker.of('T_ANSWER')[0]).toMatchObject({
        questionId,
        answer: 'Because.',
        answeredBy: { userId: t },
        public: false,
      })
      expect(await act(peer, 'QUESTION_UPVOTE', { questionId })).toMatchObject({ code: 'BAD_REQUEST' })
      const list = async (c: ChatClient, all = false) =>
        dataOf<{ list: { questionId: number; upvoted: boolean; upvotes: number }[] }>(
          await act(c, all ? 'QUESTION_LIST_ALL' : 'QUESTION_LIST', { page: 1 }),
        ).list
      expect((await list(asker)).map((q) => q.questionId)).toEqual([questionId])
      expect(await list(peer)).toEqual([])

      // a second question answered publicly: everyone sees it, others upvote it once
      await pause(3100)
      const second = dataOf<{ questionId: number }>(
        await act(asker, 'S_QUESTION', { content: 'Exam date?' }),
      ).questionId
      expect(await act(teacher, 'T_ANSWER', { questionId: second, content: 'June', public: true })).toEqual({
        ok: true,
      })
      await peer.waitEvent('T_ANSWER')
      expect(peer.of('T_ANSWER')[0]).toMatchObject({
        questionId: second,
        content: 'Exam date?',
        answer: 'June',
        public: true,
      })
      expect(peer.of('S_QUESTION')).toEqual([])
      expect(await act(asker, 'QUESTION_UPVOTE', { questionId: second })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(peer, 'QUESTION_UPVOTE', { questionId: second })).toEqual({ ok: true, data: { upvotes: 1 } })
      expect(await act(peer, 'QUESTION_UPVOTE', { questionId: second })).toMatchObject({ code: 'ALREADY' })
      await asker.waitEvent('QUESTION_UPVOTE')
      expect(asker.of('QUESTION_UPVOTE')[0]).toEqual({ EVENT: 'QUESTION_UPVOTE', questionId: second, upvotes: 1 })
      expect(await list(peer)).toEqual([expect.objectContaining({ questionId: second, upvoted: true, upvotes: 1 })])
      expect((await list(asker)).map((q) => q.questionId)).toEqual([second, questionId])
      expect((await list(teacher, true)).map((q) => q.questionId)).toEqual([second, questionId])
      expect(await act(teacher, 'T_ANSWER', { questionId: 2 ** 31 - 1, content: 'x', public: true })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      const [row] = await db().select().from(liveQuestion).where(eq(liveQuestion.id, second))
      expect(row).toMatchObject({ public: true, upvotes: 1, answer: 'June' })
    })

    it('microphone: a room with no media path (local) keeps raise-hand closed and invites nobody (issue 25); a polyv room: closed refuses raise-hand; allow gives a deadline; no join by then is JOIN_CHANNEL_FAIL (server timer); join; cancel; mute all', async () => {
      // the local provider carries no audio: nothing is offered that cannot happen
      const room = await makeRoom(db(), 1001)
      const [t, a, b, late] = users(4)
      const teacher = await join(room, t!, 'teacher')
      const la = await join(room, a!)
      const lb = await join(room, b!)
      const noMedia = await act(teacher, 'MIC_SWITCH', { open: true })
      // the reason the clients translate (issue 26: a code, not the sentence)
      expect(noMedia).toMatchObject({ ok: false, code: 'BAD_REQUEST', reason: 'noMedia' })
      expect((noMedia as { message: string }).message).toMatch(/^no real-time media path/)
      expect(await act(la, 'OPEN_MICROPHONE', {})).toMatchObject({ ok: false, code: 'MIC_CLOSED' })
      const invite = await act(teacher, 'ALLOW_MICROPHONE', { userId: a! })
      expect(invite).toMatchObject({ ok: false, code: 'BAD_REQUEST' })
      expect((invite as { message: string }).message).toMatch(/^no real-time media path/)
      expect(await act(teacher, 'MIC_SWITCH', { open: false })).toEqual({ ok: true })
      await pause(200)
      expect(la.of('MIC_SWITCH')).toEqual([{ EVENT: 'MIC_SWITCH', open: false }])
      expect(la.of('ALLOW_MICROPHONE')).toEqual([])
      expect((await snapshotOf(room, late!)).active).toMatchObject({ micOpen: false })

      // a polyv room: their SDK carries audio
      const p2 = await makeRoom(db(), 1001)
      await db().update(liveChannel).set({ provider: 'polyv' }).where(eq(liveChannel.id, p2.channelId))
      const [ptId, plId, pwId, outside] = users(4)
      const pt = await join(p2, ptId!, 'teacher')
      const pl = await join(p2, plId!)
      const pw = await join(p2, pwId!)
      expect(await act(pl, 'OPEN_MICROPHONE', {})).toMatchObject({ ok: false, code: 'MIC_CLOSED' })
      expect(await act(pt, 'MIC_SWITCH', { open: true })).toEqual({ ok: true })
      await pl.waitEvent('MIC_SWITCH')
      expect(await act(pl, 'OPEN_MICROPHONE', {})).toEqual({ ok: true })
      expect(await act(pl, 'OPEN_MICROPHONE', {})).toMatchObject({ code: 'ALREADY' })
      await pt.waitEvent('OPEN_MICROPHONE')
      expect(pt.of('OPEN_MICROPHONE')[0]).toMatchObject({ user: { userId: plId } })
      expect(pw.of('OPEN_MICROPHONE')).toEqual([])
      expect(await act(pt, 'ALLOW_MICROPHONE', { userId: outside! })).toMatchObject({ code: 'BAD_REQUEST' })

      // invited without a request, pw does not join: the server's clock times it out
      const at = Date.now()
      expect(await act(pt, 'ALLOW_MICROPHONE', { userId: pwId! })).toMatchObject({ ok: true })
      await pw.waitEvent('ALLOW_MICROPHONE')
      const grant = pw.of('ALLOW_MICROPHONE')[0]!
      expect(grant).toMatchObject({ userId: pwId, mediaAvailable: true, reason: '' })
      expect(grant.deadline as number).toBeGreaterThanOrEqual(at + 1500)
      await pw.waitEvent('JOIN_CHANNEL_FAIL', 1, 4000)
      expect(Date.now()).toBeGreaterThanOrEqual(grant.deadline as number)
      await pt.waitEvent('JOIN_CHANNEL_FAIL')
      await pause(300)
      expect(pw.of('JOIN_CHANNEL_FAIL')).toEqual([{ EVENT: 'JOIN_CHANNEL_FAIL', userId: pwId }])
      expect(pl.of('JOIN_CHANNEL_FAIL')).toEqual([])
      expect(await act(pw, 'JOIN_SUCCESS', {})).toMatchObject({ code: 'OVER' })

      // pl raised a hand, is allowed and joins
      expect(await act(pt, 'ALLOW_MICROPHONE', { userId: plId! })).toMatchObject({
        ok: true,
        data: { mediaAvailable: true, reason: '' },
      })
      await pl.waitEvent('ALLOW_MICROPHONE')
      expect(await act(pl, 'JOIN_SUCCESS', {})).toEqual({ ok: true })
      await pw.waitEvent('JOIN_SUCCESS')
      expect(pw.of('JOIN_SUCCESS')[0]).toMatchObject({ user: { userId: plId } })
      expect(await act(pl, 'CANCEL_MICROPHONE', {})).toEqual({ ok: true })
      await pw.waitEvent('CANCEL_MICROPHONE')
      // joined in time: no JOIN_CHANNEL_FAIL afterwards
      await pause(1700)
      expect(pl.of('JOIN_CHANNEL_FAIL')).toEqual([])
      expect((await snapshotOf(p2, outside!)).active).toMatchObject({ micOpen: true })
      expect(await act(pt, 'MIC_SWITCH', { open: false })).toEqual({ ok: true })
      expect(await act(pl, 'OPEN_MICROPHONE', {})).toMatchObject({ code: 'MIC_CLOSED' })

      // mute all (any room: the signal needs no media path), and a late joiner's snapshot
      expect(await act(teacher, 'CLASSCONTROL', { kind: 'audio', mute: true })).toEqual({ ok: true })
      await lb.waitEvent('CLASSCONTROL')
      expect(lb.of('CLASSCONTROL')[0]).toEqual({ EVENT: 'CLASSCONTROL', kind: 'audio', mute: true, userId: null })
      expect(await act(teacher, 'CLASSCONTROL', { kind: 'video', mute: true, userId: b! })).toEqual({ ok: true })
      await lb.waitEvent('CLASSCONTROL', 2)
      expect(lb.of('CLASSCONTROL')[1]).toMatchObject({ kind: 'video', userId: b })
      expect(await act(teacher, 'CLASSCONTROL', { kind: 'loud' as never, mute: true })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect((await snapshotOf(room, late!)).active).toMatchObject({ micOpen: false, mutedAll: true })
    })

    it('class start / end from the console drive the room through the session state (CLASSSTART / CLASSEND)', async () => {
      const room = await makeRoom(db(), 1001, 'waiting')
      const [t, a] = users(2)
      const teacher = await join(room, t!, 'teacher')
      const learner = await join(room, a!)
      expect(await act(teacher, 'CLASS_STATE', { state: 'waiting' as never })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(teacher, 'CLASS_STATE', { state: 'live' })).toEqual({ ok: true, data: { state: 'live' } })
      await learner.waitEvent('CLASSSTART')
      expect(learner.of('CLASSSTART')[0]).toEqual({ EVENT: 'CLASSSTART', sessionId: room.sessionId })
      expect(await act(teacher, 'CLASS_STATE', { state: 'ended' })).toEqual({ ok: true, data: { state: 'ended' } })
      await learner.waitEvent('CLASSEND')
      expect(learner.of('CLASSEND')[0]).toEqual({ EVENT: 'CLASSEND', sessionId: room.sessionId, hasPlayback: false })
      const [s] = await db().select().from(liveSession).where(eq(liveSession.id, room.sessionId))
      expect(s).toMatchObject({ state: 'ended' })
      expect(s!.startedAt).not.toBeNull()
      expect(s!.endedAt).not.toBeNull()
    })

    it("keeps tenants and rooms apart: another tenant's or room's check-in, test, red packet, lottery and questions are out of reach", async () => {
      const room = await makeRoom(db(), 1001)
      const [t, a] = users(2)
      const teacher = await join(room, t!, 'teacher')
      const learner = await join(room, a!)
      const ck = dataOf<{ checkinId: number }>(
        await act(teacher, 'SIGN_IN', { message: 'x', limitSeconds: 60 }),
      ).checkinId
      const rp = dataOf<{ redpaperId: number }>(await act(teacher, 'REDPAPER', { totalPoints: 5, count: 1 })).redpaperId
      const q = dataOf<{ questionId: number }>(await act(learner, 'S_QUESTION', { content: 'hello' })).questionId
      const lot = dataOf<{ lotteryId: number }>(
        await act(teacher, 'LOTTERY_START', { prize: 'x', winnerCount: 1, among: 'present' }),
      ).lotteryId
      const single = await bankQuestion(1001, 1)

      const room2 = await makeRoom(db(), 1002)
      const [t2, a2] = other.splice(0, 2)
      const teacher2 = await join(room2, t2!, 'teacher')
      const learner2 = await join(room2, a2!)
      expect(await act(teacher2, 'STOP_SIGN_IN', { checkinId: ck })).toMatchObject({ code: 'OVER' })
      expect(await act(teacher2, 'CHECKIN_RESULT', { checkinId: ck })).toMatchObject({ code: 'BAD_REQUEST' })
      expect(await act(learner2, 'TO_SIGN_IN', { checkinId: ck })).toMatchObject({ code: 'OVER' })
      expect(await act(learner2, 'GRAB_REDPAPER', { redpaperId: rp })).toMatchObject({ code: 'OVER' })
      expect(await act(teacher2, 'T_ANSWER', { questionId: q, content: 'mine now', public: true })).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(
        await act(teacher2, 'GET_TEST_QUESTION_CONTENT', { questionId: single.id, limitSeconds: 30 }),
      ).toMatchObject({
        code: 'BAD_REQUEST',
      })
      expect(
        await act(teacher2, 'LOTTERY_START', { prize: 'x', winnerCount: 1, among: 'checkedIn', checkinId: ck }),
      ).toMatchObject({
        code: 'BAD_REQUEST',
      })
      await pause(400)
      expect(
        await act(learner2, 'LOTTERY_CLAIM', { lotteryId: lot, name: 'x', phone: '13800001111', address: 'x' }),
      ).toMatchObject({
        code: 'OVER',
      })
      // the same tenant, another room: out of reach as well
      const room3 = await makeRoom(db(), 1001)
      const [a3] = users(1)
      const learner3 = await join(room3, a3!)
      expect(await act(learner3, 'TO_SIGN_IN', { checkinId: ck })).toMatchObject({ code: 'OVER' })
      expect(await act(learner3, 'GRAB_REDPAPER', { redpaperId: rp })).toMatchObject({ code: 'OVER' })
      // nothing changed in tenant 1001's room; tenant 1002 saw none of it
      const [row] = await db().select().from(liveCheckin).where(eq(liveCheckin.id, ck))
      expect(row).toMatchObject({ state: 'open', signed: 0 })
      expect((await db().select().from(liveCheckinSign).where(eq(liveCheckinSign.checkinId, ck))).length).toBe(0)
      const [question1] = await db().select().from(liveQuestion).where(eq(liveQuestion.id, q))
      expect(question1).toMatchObject({ answer: '', public: false })
      expect(learner2.events.map((e) => e.EVENT).filter((e) => e !== 'LOGIN' && e !== 'LOGOUT')).toEqual([])
      expect(await act(teacher, 'STOP_SIGN_IN', { checkinId: ck })).toMatchObject({ ok: true })
    })
  })
}
