/**
 * Notes and Q and A (issue 16): validation, the targets a learner may write about (studied course, audition
 * section, visible question), ownership and tenant scope, listDate's grouping by China day, edit and delete; a
 * question with uploaded images, the teachers' desk (roles, tenant), the reply the learner then sees (once
 * marked unread) and the message they get.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANSWER_MAX_IMAGES, ANSWER_STATUS } from '../../contract/schemas/answer'
import { BANK_CODE } from '../../contract/schemas/bank-codes'
import { EXAM_CODE } from '../../contract/schemas/exam-codes'
import { NOTE_MAX } from '../../contract/schemas/note'
import type { Database } from '../../server/src/db'
import {
  bank,
  courseSection,
  exam,
  goods,
  goodsCourse,
  informUser,
  paper,
  paperQuestion,
  question,
  uploadObject,
  userAnswer,
  userGoods,
  userNote,
} from '../../server/src/db/schema'
import { call, captchaFor, type Harness, harness, login, smsCodeFor } from './helpers'

const STAFF = 'staff-token-companion-0123456789'

// biome-ignore lint/suspicious/noExplicitAny: replies narrowed by each test
type Any = any

export function companionSuite(label: string, open: () => Promise<Database>) {
  describe(`notes and Q and A (${label})`, () => {
    let h: Harness
    let tokenA: string
    let tokenB: string
    let tokenC: string
    let userA: number
    let userC: number
    const staffTokens: Record<string, string> = {}
    /** a section of a course learner A studies, one of a course A does not, an audition section A does not own */
    const fx = {
      goods: 0,
      course: 0,
      section: 0,
      duration: 0,
      lockedSection: 0,
      lockedCourse: 0,
      auditionSection: 0,
      ownedQuestion: 0,
      lockedQuestion: 0,
      tenantBSection: 0,
      examQuestion: 0,
    }
    const db = () => h.database.db

    async function loginAs(tenant: number, account: string) {
      const c = await captchaFor(h, tenant)
      const r = await call<{ token: string }>(h.app, 'POST /app/common/account_login', {
        tenant,
        body: { account, password: 'Demo1234', code: c.code, uuid: c.uuid, deviceUuid: `device-companion-${account}` },
      })
      expect(r.code, r.msg).toBe(200)
      return r.data.token
    }
    const userIdOf = async (token: string, tenant = 1001) =>
      (await call(h.app, 'GET /app/user/getInfo', { token, tenant })).data.userId as number

    const staff = async (
      method: 'GET' | 'POST',
      url: string,
      o: { token?: string; staffToken?: string; tenant?: string; payload?: unknown } = {},
    ) => {
      const headers: Record<string, string> = { 'tenant-id': o.tenant ?? '1001' }
      if (o.token) headers.authorization = `Bearer ${o.token}`
      if (o.staffToken) headers['x-staff-token'] = o.staffToken
      const r = await h.app.inject({
        method,
        url: `/api/staff/${url}`,
        headers,
        ...(o.payload === undefined ? {} : { payload: o.payload as Record<string, unknown> }),
      })
      return r.json() as { code: number; msg: string; data: Any }
    }

    beforeAll(async () => {
      h = await harness(await open(), { staffToken: STAFF })
      tokenA = await login(h, 1001, 'device-companion-a')
      tokenB = await login(h, 1002, 'device-companion-b')
      const phone = `137${String(Date.now()).slice(-8)}`
      const code = await smsCodeFor(h, 'login', phone)
      tokenC = (
        await call(h.app, 'POST /app/common/sms_login', {
          body: { telPhone: phone, code, deviceUuid: 'device-comp-c' },
        })
      ).data.token
      userA = await userIdOf(tokenA)
      userC = await userIdOf(tokenC)
      staffTokens.teacher = await loginAs(1001, '13800000011')
      staffTokens.assistant = await loginAs(1001, '13800000012')
      staffTokens.teacherB = await loginAs(1002, '13900000021')

      // a paid goods with a course that has a non-audition section: learner A is granted it
      const courses = await db()
        .select({ goodsId: goodsCourse.goodsId, courseId: goodsCourse.courseId })
        .from(goodsCourse)
        .innerJoin(goods, eq(goods.id, goodsCourse.goodsId))
        .where(and(eq(goodsCourse.tenantId, 1001), sql`${goods.price} > 0`))
        .orderBy(goodsCourse.id)
      const sections = await db()
        .select({
          id: courseSection.id,
          courseId: courseSection.courseId,
          audition: courseSection.audition,
          duration: courseSection.durationSeconds,
          tenantId: courseSection.tenantId,
        })
        .from(courseSection)
        .orderBy(courseSection.id)
      const granted = courses[0]!
      fx.goods = granted.goodsId
      fx.course = granted.courseId
      await db().insert(userGoods).values({ tenantId: 1001, userId: userA, goodsId: fx.goods })
      const mine = sections.find((s) => s.courseId === fx.course && !s.audition)!
      fx.section = mine.id
      fx.duration = mine.duration
      // courses of the goods A holds now: the others are locked to A
      const heldCourses = new Set(
        (await db().select({ c: goodsCourse.courseId }).from(goodsCourse).where(eq(goodsCourse.goodsId, fx.goods))).map(
          (r) => r.c,
        ),
      )
      const other = sections.filter((s) => s.tenantId === 1001 && !heldCourses.has(s.courseId))
      const locked = other.find((s) => !s.audition)!
      fx.lockedSection = locked.id
      fx.lockedCourse = locked.courseId
      const audition = other.find((s) => s.id !== locked.id)!
      await db().update(courseSection).set({ audition: true }).where(eq(courseSection.id, audition.id))
      fx.auditionSection = audition.id
      fx.tenantBSection = sections.find((s) => s.tenantId === 1002)!.id

      // questions: one of a paid bank A is granted, one of a paid bank A is not (and not in a free paper)
      const banks = await db()
        .select({ bankId: bank.id, goodsId: bank.goodsId })
        .from(bank)
        .innerJoin(goods, eq(goods.id, bank.goodsId))
        .where(and(eq(bank.tenantId, 1001), sql`${goods.price} > 0`))
        .orderBy(bank.id)
      const freeQ = new Set(
        (
          await db()
            .select({ q: paperQuestion.questionId })
            .from(paperQuestion)
            .innerJoin(paper, eq(paper.id, paperQuestion.paperId))
            .where(eq(paper.free, true))
        ).map((r) => r.q),
      )
      // questions of papers an unclosed exam uses: asked about, a teacher would give the exam's answer away
      const examQ = await db()
        .select({ q: paperQuestion.questionId, bankId: question.bankId, goodsId: bank.goodsId })
        .from(paperQuestion)
        .innerJoin(question, eq(question.id, paperQuestion.questionId))
        .innerJoin(bank, eq(bank.id, question.bankId))
        .where(
          and(
            eq(paperQuestion.tenantId, 1001),
            inArray(
              paperQuestion.paperId,
              db()
                .select({ p: exam.paperId })
                .from(exam)
                .where(or(isNull(exam.closeAt), gt(exam.closeAt, new Date()))),
            ),
          ),
        )
      const inExams = new Set(examQ.map((r) => r.q))
      const qOf = async (bankId: number) =>
        (await db().select({ id: question.id }).from(question).where(eq(question.bankId, bankId)).orderBy(question.id))
          .map((r) => r.id)
          .filter((id) => !freeQ.has(id) && !inExams.has(id))
      fx.examQuestion = examQ[0]!.q
      await db().insert(userGoods).values({ tenantId: 1001, userId: userA, goodsId: examQ[0]!.goodsId })
      const ownedBank = banks[0]!
      await db().insert(userGoods).values({ tenantId: 1001, userId: userA, goodsId: ownedBank.goodsId })
      fx.ownedQuestion = (await qOf(ownedBank.bankId))[0]!
      const lockedBank = banks.find((b) => b.goodsId !== ownedBank.goodsId && b.goodsId !== fx.goods)!
      fx.lockedQuestion = (await qOf(lockedBank.bankId))[0]!
      for (const v of Object.values(fx)) expect(v).toBeGreaterThan(0)
    }, 120_000)
    afterAll(async () => {
      await h?.close()
    })

    const note = (body: unknown, token = tokenA, tenant = 1001) =>
      call(h.app, 'POST /user/note', { token, tenant, body })
    const listDate = (query: Record<string, unknown>, token = tokenA, tenant = 1001) =>
      call(h.app, 'GET /user/note/listDate', { token, tenant, query })
    const editNote = (body: unknown, token = tokenA) => call(h.app, 'POST /user/note/edit', { token, body })

    // ---------------- notes ----------------
    it('takes a note at a video time of a studied section, and on a visible question', async () => {
      const r = await note({
        sectionId: fx.section,
        goodsId: fx.goods,
        videoTime: 83.7,
        content: '  记住：先断电再验电  ',
      })
      expect(r.code, r.msg).toBe(200)
      expect(r.data).toMatchObject({
        kind: 'section',
        sectionId: fx.section,
        courseId: fx.course,
        goodsId: fx.goods,
        videoTime: Math.min(83, fx.duration || 83),
        content: '记住：先断电再验电',
        questionId: null,
      })
      expect(r.data.sectionName).not.toBe('')
      expect(r.data.courseName).not.toBe('')
      const q = await note({ questionId: fx.ownedQuestion, content: '这题容易错' })
      expect(q.code, q.msg).toBe(200)
      expect(q.data).toMatchObject({ kind: 'question', questionId: fx.ownedQuestion, sectionId: null, videoTime: null })
      expect(q.data.questionTitle.length).toBeGreaterThan(0)
      expect(q.data.questionTitle).not.toMatch(/<\w/)
    })

    it('refuses bad input naming the field, and stores nothing', async () => {
      const before = (await listDate({ sectionId: fx.section })).data.total
      const bad = [
        { sectionId: fx.section, videoTime: 1, content: '   ' },
        { sectionId: fx.section, videoTime: 1, content: 'x'.repeat(NOTE_MAX + 1) },
        { sectionId: fx.section, content: '没有时间' },
        { sectionId: fx.section, videoTime: -1, content: '负数' },
        { sectionId: fx.section, questionId: fx.ownedQuestion, videoTime: 1, content: '两个都给' },
        { content: '都没给' },
      ]
      for (const body of bad) {
        const r = await note(body)
        expect(r.code, JSON.stringify(body)).toBe(400)
        expect(r.msg.length).toBeGreaterThan(0)
      }
      expect((await note({ sectionId: fx.section, videoTime: 1, content: 'x'.repeat(NOTE_MAX) })).code).toBe(200)
      expect((await listDate({ sectionId: fx.section })).data.total).toBe(before + 1)
    })

    it('notes only on what the learner may open: a locked section or question is refused, an audition section is not', async () => {
      expect((await note({ sectionId: fx.lockedSection, videoTime: 5, content: '没买' })).code).toBe(612)
      expect((await note({ sectionId: fx.auditionSection, videoTime: 5, content: '试听笔记' })).code).toBe(200)
      expect((await note({ questionId: fx.lockedQuestion, content: '没买的题' })).code).toBe(BANK_CODE.notEntitled)
      expect((await note({ sectionId: 2_000_000_000, videoTime: 5, content: '不存在' })).code).toBe(404)
      // another tenant's section does not exist here
      expect((await note({ sectionId: fx.tenantBSection, videoTime: 5, content: '别的学校' })).code).toBe(404)
      // a goods that does not hold the section
      const wrongGoods = await note({ sectionId: fx.section, goodsId: 2_000_000_000, videoTime: 5, content: 'x' })
      expect(wrongGoods.code).toBe(404)
    })

    it('groups notes by China day for a month, a range and a section', async () => {
      const a = await note({ sectionId: fx.section, videoTime: 10, content: '三月一日晚' })
      const b = await note({ sectionId: fx.section, videoTime: 20, content: '三月二日凌晨' })
      const c = await note({ questionId: fx.ownedQuestion, content: '二月底' })
      // 2026-03-01 23:30 and 2026-03-02 00:30 in China are the same UTC day
      await db()
        .update(userNote)
        .set({ createdAt: new Date('2026-03-01T15:30:00Z') })
        .where(eq(userNote.id, a.data.noteId))
      await db()
        .update(userNote)
        .set({ createdAt: new Date('2026-03-01T16:30:00Z') })
        .where(eq(userNote.id, b.data.noteId))
      await db()
        .update(userNote)
        .set({ createdAt: new Date('2026-02-28T02:00:00Z') })
        .where(eq(userNote.id, c.data.noteId))

      const march = await listDate({ month: '2026-03' })
      expect(march.code, march.msg).toBe(200)
      expect(march.data).toMatchObject({ beginDate: '2026-03-01', endDate: '2026-03-31', total: 2, truncated: false })
      expect(march.data.days.map((d: Any) => [d.date, d.count])).toEqual([
        ['2026-03-02', 1],
        ['2026-03-01', 1],
      ])
      expect(march.data.days[0].notes[0]).toMatchObject({ noteId: b.data.noteId, date: '2026-03-02', videoTime: 20 })

      const range = await listDate({ beginDate: '2026-02-28', endDate: '2026-03-01' })
      expect(range.data.days.map((d: Any) => d.date)).toEqual(['2026-03-01', '2026-02-28'])
      const onlyQuestions = await listDate({ beginDate: '2026-02-01', endDate: '2026-03-31', kind: 'question' })
      expect(onlyQuestions.data.total).toBe(1)

      // one section's notes: all time, whatever the month
      const section = await listDate({ sectionId: fx.section })
      expect(section.data.beginDate).toBe('')
      const ids = section.data.days.flatMap((d: Any) => d.notes.map((n: Any) => n.noteId))
      expect(ids).toEqual(expect.arrayContaining([a.data.noteId, b.data.noteId]))
      expect(ids).not.toContain(c.data.noteId)
      const byQuestion = await listDate({ questionId: fx.ownedQuestion })
      expect(byQuestion.data.days.flatMap((d: Any) => d.notes.map((n: Any) => n.noteId))).toContain(c.data.noteId)

      // no filter, no dates: this month
      const now = await listDate({})
      expect(now.data.beginDate.slice(0, 7)).toBe(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7))

      expect((await listDate({ beginDate: '2026-01-01', endDate: '2026-06-30' })).code).toBe(400)
      expect((await listDate({ beginDate: '2026-03-02', endDate: '2026-03-01' })).code).toBe(400)
      expect((await listDate({ beginDate: '2026-03-02' })).code).toBe(400)
      expect((await listDate({ month: '2026-13' })).code).toBe(400)
    })

    it('edits and deletes a note; another learner or school can neither see nor touch it', async () => {
      const n = (await note({ sectionId: fx.section, videoTime: 30, content: '原来的' })).data
      const edited = await editNote({ id: n.noteId, content: '改过的' })
      expect(edited.code, edited.msg).toBe(200)
      expect(edited.data).toMatchObject({ noteId: n.noteId, content: '改过的', videoTime: 30 })
      expect((await editNote({ id: n.noteId, content: '' })).code).toBe(400)
      expect((await editNote({ id: n.noteId })).code).toBe(400)

      // learner C of the same school and learner B of another school
      expect((await editNote({ id: n.noteId, content: '偷改' }, tokenC)).code).toBe(404)
      expect((await editNote({ id: n.noteId, delete: true }, tokenC)).code).toBe(404)
      expect(
        (
          await call(h.app, 'POST /user/note/edit', {
            token: tokenB,
            tenant: 1002,
            body: { id: n.noteId, delete: true },
          })
        ).code,
      ).toBe(404)
      const cList = await listDate({ sectionId: fx.section }, tokenC)
      expect(cList.code).toBe(200)
      expect(cList.data.total).toBe(0)
      const bList = await listDate({ sectionId: fx.section }, tokenB, 1002)
      expect(bList.data.total).toBe(0)
      // A's token under tenant B is not A
      expect((await listDate({}, tokenA, 1002)).code).toBe(401)

      const [row] = await db().select({ content: userNote.content }).from(userNote).where(eq(userNote.id, n.noteId))
      expect(row!.content).toBe('改过的')
      const del = await editNote({ id: n.noteId, delete: true })
      expect(del.code).toBe(200)
      expect(del.data).toBeNull()
      expect((await editNote({ id: n.noteId, content: '再改' })).code).toBe(404)
      const ids = (await listDate({ sectionId: fx.section })).data.days.flatMap((d: Any) =>
        d.notes.map((x: Any) => x.noteId),
      )
      expect(ids).not.toContain(n.noteId)
      expect((await call(h.app, 'GET /user/note/listDate', {})).code).toBe(401)
    })

    // ---------------- Q and A ----------------
    const upload = async (userId: number, name: string, tenantId = 1001) => {
      const key = `t${tenantId}/u${userId}/img/${name}-${Math.random().toString(36).slice(2, 8)}.jpg`
      await db().insert(uploadObject).values({ tenantId, userId, key, size: 2048, mimeType: 'image/jpeg' })
      return `/oss/${key}`
    }
    const ask = (body: unknown, token = tokenA, tenant = 1001) =>
      call(h.app, 'POST /app/answer', { token, tenant, body })
    const list = (query: Record<string, unknown> = {}, token = tokenA, tenant = 1001) =>
      call(h.app, 'GET /app/answer/list', { token, tenant, query })
    const editAnswer = (body: unknown, token = tokenA) => call(h.app, 'POST /app/answer/edit', { token, body })

    it("asks about a studied course with uploaded images; refuses images that are not the learner's uploads", async () => {
      const img = await upload(userA, 'a')
      const r = await ask({
        courseId: fx.course,
        goodsId: fx.goods,
        content: '第三章的接地电阻怎么算？',
        imageList: [img],
      })
      expect(r.code, r.msg).toBe(200)
      expect(r.data).toMatchObject({
        kind: 'course',
        courseId: fx.course,
        status: ANSWER_STATUS.open,
        imageList: [img],
        replies: [],
        unread: false,
      })
      const s = await ask({ sectionId: fx.section, content: '这一节的视频第5分钟讲的公式' })
      expect(s.data).toMatchObject({ sectionId: fx.section, courseId: fx.course })
      const q = await ask({ questionId: fx.ownedQuestion, content: '为什么选B？' })
      expect(q.code, q.msg).toBe(200)
      expect(q.data).toMatchObject({ kind: 'question', questionId: fx.ownedQuestion })

      const others = await upload(userC, 'c')
      expect((await ask({ courseId: fx.course, content: 'x', imageList: [others] })).code).toBe(400)
      expect(
        (await ask({ courseId: fx.course, content: 'x', imageList: ['https://evil.example.com/a.jpg'] })).code,
      ).toBe(400)
      expect((await ask({ courseId: fx.course, content: 'x', imageList: ['not a url'] })).code).toBe(400)
      const many = await Promise.all(Array.from({ length: ANSWER_MAX_IMAGES + 1 }, (_, i) => upload(userA, `m${i}`)))
      expect((await ask({ courseId: fx.course, content: 'x', imageList: many })).code).toBe(400)
      expect((await ask({ courseId: fx.course, content: '' })).code).toBe(400)
      expect((await ask({ content: '问什么？' })).code).toBe(400)
      expect((await ask({ courseId: fx.course, questionId: fx.ownedQuestion, content: '两个' })).code).toBe(400)
      // not studied: a locked course, a locked section (audition sections are not enough to ask), a locked question
      expect((await ask({ courseId: fx.lockedCourse, content: '没买' })).code).toBe(612)
      expect((await ask({ sectionId: fx.auditionSection, content: '试听' })).code).toBe(612)
      expect((await ask({ questionId: fx.lockedQuestion, content: '没买的题' })).code).toBe(BANK_CODE.notEntitled)
      expect((await ask({ courseId: 2_000_000_000, content: '不存在' })).code).toBe(404)
      // a question an unclosed exam uses: a note is the learner's own, a question to a teacher is refused
      expect((await note({ questionId: fx.examQuestion, content: '考后复习' })).code).toBe(200)
      expect((await ask({ questionId: fx.examQuestion, content: '这题选什么？' })).code).toBe(EXAM_CODE.examInProgress)
    })

    it('a teacher lists open questions and replies: the learner sees the reply, marked new once, and gets a message', async () => {
      const asked = (await ask({ courseId: fx.course, content: '老师，漏电保护器多久试验一次？' })).data
      // learner tokens and other schools are refused on the desk
      expect((await staff('GET', 'answers', { token: tokenA })).code).toBe(403)
      expect((await staff('GET', 'answers')).code).toBe(401)
      expect(
        (await staff('POST', `answers/${asked.answerId}/reply`, { token: tokenA, payload: { content: 'x' } })).code,
      ).toBe(403)

      const open = await staff('GET', 'answers?status=0&pageSize=50', { token: staffTokens.teacher })
      expect(open.code, open.msg).toBe(200)
      const row = open.data.rows.find((r: Any) => r.answerId === asked.answerId)
      expect(row).toMatchObject({ content: asked.content, status: 0, courseId: fx.course })
      expect(row.userAccount).not.toBe('')
      const otherSchool = await staff('GET', 'answers?status=all&pageSize=50', {
        token: staffTokens.teacherB,
        tenant: '1002',
      })
      expect(otherSchool.data.rows.map((r: Any) => r.answerId)).not.toContain(asked.answerId)
      expect(
        (
          await staff('POST', `answers/${asked.answerId}/reply`, {
            token: staffTokens.teacherB,
            tenant: '1002',
            payload: { content: '越权' },
          })
        ).code,
      ).toBe(404)
      expect(
        (
          await staff('POST', `answers/${asked.answerId}/reply`, {
            token: staffTokens.teacher,
            payload: { content: ' ' },
          })
        ).code,
      ).toBe(400)

      const reply = await staff('POST', `answers/${asked.answerId}/reply`, {
        token: staffTokens.teacher,
        payload: { content: '每月至少按一次试验按钮。' },
      })
      expect(reply.code, reply.msg).toBe(200)
      // an assistant may follow up; the operator's staff token works too
      expect(
        (
          await staff('POST', `answers/${asked.answerId}/reply`, {
            token: staffTokens.assistant,
            payload: { content: '补充：雷雨季节前也要试。' },
          })
        ).code,
      ).toBe(200)
      expect(
        (
          await staff('POST', `answers/${asked.answerId}/reply`, {
            staffToken: STAFF,
            payload: { content: '教务补充' },
          })
        ).code,
      ).toBe(200)

      const first = await list({ pageSize: 50 })
      expect(first.code, first.msg).toBe(200)
      expect(first.data.unreadNum).toBeGreaterThanOrEqual(1)
      const mine = first.data.rows.find((r: Any) => r.answerId === asked.answerId)
      expect(mine).toMatchObject({ status: ANSWER_STATUS.answered, unread: true })
      expect(mine.replies.map((x: Any) => x.content)).toEqual([
        '每月至少按一次试验按钮。',
        '补充：雷雨季节前也要试。',
        '教务补充',
      ])
      expect(mine.replies[0].teacherName).toBe('王建国老师')
      // seen now: the marker does not come back
      const again = await list({ pageSize: 50 })
      expect(again.data.rows.find((r: Any) => r.answerId === asked.answerId).unread).toBe(false)
      expect(again.data.unreadNum).toBe(0)

      const messages = await db()
        .select({ kind: informUser.kind, title: informUser.title, content: informUser.content, link: informUser.link })
        .from(informUser)
        .where(and(eq(informUser.userId, userA), eq(informUser.kind, 'answer')))
      expect(messages.length).toBe(3)
      expect(messages[0]!.link).toBe(`/pages3/answer/index?id=${asked.answerId}`)
      expect(messages[0]!.content).toContain('每月至少按一次试验按钮')
      // answered questions leave the open list
      const stillOpen = await staff('GET', 'answers?status=0&pageSize=50', { token: staffTokens.teacher })
      expect(stillOpen.data.rows.map((r: Any) => r.answerId)).not.toContain(asked.answerId)
      // once answered the question cannot be edited, but can be deleted
      expect((await editAnswer({ id: asked.answerId, content: '改问题' })).code).toBe(400)
      expect((await editAnswer({ id: asked.answerId, delete: true })).code).toBe(200)
      expect((await list({ pageSize: 50 })).data.rows.map((r: Any) => r.answerId)).not.toContain(asked.answerId)
      expect(
        (
          await staff('POST', `answers/${asked.answerId}/reply`, {
            token: staffTokens.teacher,
            payload: { content: '已删' },
          })
        ).code,
      ).toBe(404)
    })

    it('edits an open question; pages and filters the list; another learner or school sees none of it', async () => {
      const img = await upload(userA, 'e')
      const a = (await ask({ questionId: fx.ownedQuestion, content: '原问题' })).data
      const e = await editAnswer({ id: a.answerId, content: '改过的问题', imageList: [img] })
      expect(e.code, e.msg).toBe(200)
      expect(e.data).toMatchObject({ content: '改过的问题', imageList: [img], status: 0 })
      expect((await editAnswer({ id: a.answerId })).code).toBe(400)
      expect((await editAnswer({ id: a.answerId, imageList: [await upload(userC, 'x')] })).code).toBe(400)
      expect((await editAnswer({ id: a.answerId, content: '偷改' }, tokenC)).code).toBe(404)
      expect((await editAnswer({ id: a.answerId, delete: true }, tokenC)).code).toBe(404)
      expect(
        (
          await call(h.app, 'POST /app/answer/edit', {
            token: tokenB,
            tenant: 1002,
            body: { id: a.answerId, delete: true },
          })
        ).code,
      ).toBe(404)

      const byQuestion = await list({ questionId: fx.ownedQuestion, pageSize: 50 })
      expect(byQuestion.data.rows.every((r: Any) => r.questionId === fx.ownedQuestion)).toBe(true)
      expect(byQuestion.data.rows.map((r: Any) => r.answerId)).toContain(a.answerId)
      const page1 = await list({ pageSize: 1, pageNum: 1 })
      const page2 = await list({ pageSize: 1, pageNum: 2 })
      expect(page1.data.total).toBeGreaterThanOrEqual(2)
      expect(page1.data.rows[0].answerId).toBeGreaterThan(page2.data.rows[0].answerId)
      expect((await list({}, tokenC)).data).toEqual({ rows: [], total: 0, unreadNum: 0 })
      expect((await list({}, tokenB, 1002)).data.rows.map((r: Any) => r.answerId)).not.toContain(a.answerId)
      const [still] = await db().select({ c: userAnswer.content }).from(userAnswer).where(eq(userAnswer.id, a.answerId))
      expect(still!.c).toBe('改过的问题')
    })
  })
}
