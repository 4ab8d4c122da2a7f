/**
 * The teacher console's question picker (server/src/modules/console/live.ts; docs/DECISIONS.md "Live — teacher
 * console"): every staff role lists its own school's banks and their pushable questions (single, multiple,
 * judgement; never a question of an unclosed exam's paper), with the plain stem, options and answer; the room's
 * current bans and a class's check-ins; learners, no token and another school's token are refused; bad input is a 400 in the caller's
 * language.
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bank,
  exam,
  liveBan,
  liveChannel,
  liveCheckin,
  liveLottery,
  liveLotteryWinner,
  liveSession,
  paperQuestion,
  question,
  sysUser,
} from '../../server/src/db/schema'
import { plainText } from '../../server/src/modules/console/live'
import { LIVE_SEEDS } from '../../server/src/seed/live-data'
import { call, captchaFor, freshPglite, type Harness, harness, login } from './helpers'

let h: Harness
const tokens: Record<string, string> = {}

interface Res {
  code: number
  msg: string
  // biome-ignore lint/suspicious/noExplicitAny: replies narrowed by each test
  data: any
}

async function get(url: string, o: { token?: string; tenant?: number; lang?: string } = {}): Promise<Res> {
  const headers: Record<string, string> = { 'tenant-id': String(o.tenant ?? 1001) }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.lang) headers['accept-language'] = o.lang
  const r = await h.app.inject({ method: 'GET', url: `/api${url}`, headers })
  return r.json() as Res
}

async function loginAs(tenant: number, account: string) {
  const c = await captchaFor(h, tenant)
  const r = await call<{ token: string }>(h.app, 'POST /app/common/account_login', {
    tenant,
    body: { account, password: 'Demo1234', code: c.code, uuid: c.uuid, deviceUuid: `device-console-${account}` },
  })
  expect(r.code, r.msg).toBe(200)
  return r.data.token
}

const db = () => h.database.db

beforeAll(async () => {
  h = await harness(await freshPglite())
  for (const s of LIVE_SEEDS[1001]!.staff) tokens[s.staffRole] = await loginAs(1001, s.phone)
  tokens.learner = await login(h)
  tokens.b = await loginAs(1002, LIVE_SEEDS[1002]!.staff[0]!.phone)
}, 120_000)

afterAll(async () => {
  await h?.close()
})

/** every listed row of a bank, page by page */
async function everything(bankId: number, token: string, extra = '') {
  const rows: { questionId: number; type: number; stem: string; options: [string, string][]; answer: string }[] = []
  for (let page = 1; page < 200; page++) {
    const r = await get(`/console/live/questions?bankId=${bankId}&pageSize=50&pageNum=${page}${extra}`, { token })
    expect(r.code, r.msg).toBe(200)
    rows.push(...r.data.rows)
    if (r.data.rows.length < 50) {
      expect(rows.length).toBe(r.data.total)
      return rows
    }
  }
  throw new Error('too many pages')
}

describe('the live console question picker', () => {
  it('lists the school banks with their pushable question counts, for every staff role', async () => {
    const mine = await db().select({ id: bank.id }).from(bank).where(eq(bank.tenantId, 1001))
    for (const role of ['teacher', 'assistant', 'manager']) {
      const r = await get('/console/live/banks', { token: tokens[role] })
      expect(r.code, `${role}: ${r.msg}`).toBe(200)
      expect(r.data.map((b: { bankId: number }) => b.bankId).sort()).toEqual(mine.map((b) => b.id).sort())
    }
    const r = await get('/console/live/banks', { token: tokens.teacher })
    const withQuestions = r.data.find((b: { questionCount: number }) => b.questionCount > 0)
    expect(withQuestions).toBeTruthy()
    expect(typeof withQuestions.name).toBe('string')
    expect(typeof withQuestions.goodsName).toBe('string')
  })

  it('lists a bank questions of types 1-3 only, never those of an unclosed exam paper, with plain stems', async () => {
    const banks = (await get('/console/live/banks', { token: tokens.teacher })).data as {
      bankId: number
      questionCount: number
    }[]
    const b = banks.filter((x) => x.questionCount > 0).sort((x, y) => y.questionCount - x.questionCount)[0]!
    const now = new Date()
    const sealedPapers = db()
      .select({ id: exam.paperId })
      .from(exam)
      .where(and(eq(exam.tenantId, 1001), or(isNull(exam.closeAt), gt(exam.closeAt, now))))
    const sealed = new Set(
      (
        await db()
          .select({ id: paperQuestion.questionId })
          .from(paperQuestion)
          .where(inArray(paperQuestion.paperId, sealedPapers))
      ).map((r) => r.id),
    )
    const all = await db()
      .select({ id: question.id, type: question.type, title: question.title, ans: question.ans })
      .from(question)
      .where(and(eq(question.tenantId, 1001), eq(question.bankId, b.bankId)))
    const expected = all.filter((q) => q.type >= 1 && q.type <= 3 && !sealed.has(q.id)).map((q) => q.id)
    const rows = await everything(b.bankId, tokens.assistant)
    expect(rows.map((r) => r.questionId).sort((x, y) => x - y)).toEqual(expected.sort((x, y) => x - y))
    expect(rows.length).toBe(b.questionCount)
    for (const r of rows) {
      expect(r.stem).not.toMatch(/<[a-z/]/i)
      expect(r.stem.length).toBeGreaterThan(0)
      expect([1, 2, 3]).toContain(r.type)
      expect(r.options.length).toBeGreaterThan(1)
      expect(r.answer).toBe(all.find((q) => q.id === r.questionId)!.ans)
    }
    // by type and by keyword
    const singles = await everything(b.bankId, tokens.teacher, '&type=1')
    expect(singles.every((r) => r.type === 1)).toBe(true)
    expect(singles.length).toBe(rows.filter((r) => r.type === 1).length)
    const word = [...rows[0]!.stem].slice(2, 6).join('')
    const found = await everything(b.bankId, tokens.teacher, `&keyword=${encodeURIComponent(word)}`)
    expect(found.map((r) => r.questionId)).toContain(rows[0]!.questionId)
    expect(found.every((r) => r.stem.includes(word) || r.stem.endsWith('…'))).toBe(true)
    // a LIKE wildcard is a plain character, not "anything"
    expect((await everything(b.bankId, tokens.teacher, '&keyword=%25')).length).toBeLessThan(rows.length)
  })

  it('hides the questions of a paper once an open exam uses it, and shows them again when it closes', async () => {
    const banks = (await get('/console/live/banks', { token: tokens.teacher })).data as {
      bankId: number
      questionCount: number
    }[]
    const b = banks.filter((x) => x.questionCount > 0)[0]!
    const before = await everything(b.bankId, tokens.teacher)
    const [pq] = await db()
      .select({ paperId: paperQuestion.paperId, questionId: paperQuestion.questionId })
      .from(paperQuestion)
      .where(
        inArray(
          paperQuestion.questionId,
          before.map((r) => r.questionId),
        ),
      )
      .limit(1)
    expect(pq, 'a listed question that is in a paper').toBeTruthy()
    const target = { questionId: pq!.questionId }
    const [e] = await db()
      .insert(exam)
      .values({ tenantId: 1001, kind: 'formal', name: '直播控制台测试考试', paperId: pq.paperId, durationSeconds: 600 })
      .returning({ id: exam.id })
    const during = await everything(b.bankId, tokens.teacher)
    expect(during.map((r) => r.questionId)).not.toContain(target.questionId)
    await db()
      .update(exam)
      .set({ closeAt: new Date(Date.now() - 1000) })
      .where(eq(exam.id, e!.id))
    const after = await everything(b.bankId, tokens.teacher)
    expect(after.map((r) => r.questionId)).toContain(target.questionId)
    expect(after.length).toBe(before.length)
  })

  it('refuses learners, missing or foreign tokens, another school bank and bad input', async () => {
    expect((await get('/console/live/banks', { token: tokens.learner })).code).toBe(403)
    expect((await get('/console/live/banks')).code).toBe(401)
    expect((await get('/console/live/banks', { token: tokens.b })).code).toBe(401)
    const bBanks = (await get('/console/live/banks', { tenant: 1002, token: tokens.b })).data as { bankId: number }[]
    expect(bBanks.length).toBeGreaterThan(0)
    const foreign = await get(`/console/live/questions?bankId=${bBanks[0]!.bankId}`, { token: tokens.teacher })
    expect(foreign.code).toBe(404)
    for (const q of [
      '',
      'bankId=abc',
      'bankId=1&type=4',
      'bankId=1&pageSize=51',
      `bankId=1&keyword=${'x'.repeat(51)}`,
    ]) {
      const r = await get(`/console/live/questions?${q}`, { token: tokens.teacher, lang: 'zh-CN' })
      expect({ q, code: r.code }).toEqual({ q, code: 400 })
      expect(r.msg).toBe('请选择题库；题型只能是单选、多选或判断；关键词不超过50字')
    }
  })

  it('turns a stored stem into plain text', () => {
    expect(plainText('<p>下列&lt;哪项&gt;正确？</p><p>A&amp;B&nbsp;C</p>')).toBe('下列<哪项>正确？ A&B C')
  })
})

describe('the room bans list', () => {
  it('lists the current bans of a channel (not expired ones, not another channel), newest first', async () => {
    const channels = await db().select({ id: liveChannel.id }).from(liveChannel).where(eq(liveChannel.tenantId, 1001))
    const [a, other] = channels
    const users = await db()
      .select({ id: sysUser.id, nick: sysUser.nickName, phone: sysUser.telPhone })
      .from(sysUser)
      .where(eq(sysUser.tenantId, 1001))
      .limit(3)
    const now = Date.now()
    await db()
      .insert(liveBan)
      .values([
        {
          tenantId: 1001,
          channelId: a!.id,
          userId: users[0]!.id,
          expiresAt: new Date(now + 3600_000),
          createdAt: new Date(now - 2000),
        },
        {
          tenantId: 1001,
          channelId: a!.id,
          userId: users[1]!.id,
          expiresAt: new Date(now + 60_000),
          createdAt: new Date(now - 1000),
        },
        { tenantId: 1001, channelId: a!.id, userId: users[2]!.id, expiresAt: new Date(now - 1000) },
        { tenantId: 1001, channelId: other!.id, userId: users[2]!.id, expiresAt: new Date(now + 60_000) },
      ])
    const r = await get(`/console/live/channels/${a!.id}/bans`, { token: tokens.assistant })
    expect(r.code, r.msg).toBe(200)
    expect(r.data.map((b: { userId: number }) => b.userId)).toEqual([users[1]!.id, users[0]!.id])
    expect(r.data[1]).toMatchObject({ until: now + 3600_000 })
    expect(r.data[1].nick.length).toBeGreaterThan(0)
    expect((await get(`/console/live/channels/${a!.id}/bans`, { token: tokens.learner })).code).toBe(403)
    expect((await get(`/console/live/channels/${a!.id}/bans`, { tenant: 1002, token: tokens.b })).code).toBe(404)
    expect((await get('/console/live/channels/x/bans', { token: tokens.teacher })).code).toBe(400)
  })
})

describe('a class check-ins', () => {
  it('lists the check-ins of one class, newest first, open only before their end (server clock)', async () => {
    const sessions = await db()
      .select({ id: liveSession.id, channelId: liveSession.channelId })
      .from(liveSession)
      .where(eq(liveSession.tenantId, 1001))
      .limit(2)
    const [s1, s2] = sessions
    const [by] = await db().select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.tenantId, 1001)).limit(1)
    const now = Date.now()
    const row = (
      sessionId: number,
      channelId: number,
      message: string,
      endsAt: number,
      state: string,
      signed: number,
    ) => ({ tenantId: 1001, channelId, sessionId, byUserId: by!.id, message, endsAt: new Date(endsAt), state, signed })
    await db()
      .insert(liveCheckin)
      .values([
        row(s1!.id, s1!.channelId, '第一次', now - 60_000, 'closed', 12),
        row(s1!.id, s1!.channelId, '第二次', now + 60_000, 'open', 3),
        row(s2!.id, s2!.channelId, '别的课', now - 60_000, 'closed', 1),
      ])
    const url = `/console/live/channels/${s1!.channelId}/sessions/${s1!.id}/checkins`
    const r = await get(url, { token: tokens.assistant })
    expect(r.code, r.msg).toBe(200)
    expect(r.data.map((c: { message: string }) => c.message)).toEqual(['第二次', '第一次'])
    expect(r.data[0]).toMatchObject({ open: true, signed: 3, endsAt: now + 60_000 })
    expect(r.data[1]).toMatchObject({ open: false, signed: 12 })
    expect((await get(url, { token: tokens.learner })).code).toBe(403)
    expect((await get(url, { tenant: 1002, token: tokens.b })).code).toBe(404)
    const wrongChannel = `/console/live/channels/${s2!.channelId === s1!.channelId ? s1!.channelId + 999 : s2!.channelId}/sessions/${s1!.id}/checkins`
    expect((await get(wrongChannel, { token: tokens.teacher })).code).toBe(404)
  })
})

describe('a class lotteries', () => {
  it("lists the class's lotteries with the announced winners' claim forms; nothing of a lottery still drawing", async () => {
    const [s1] = await db()
      .select({ id: liveSession.id, channelId: liveSession.channelId })
      .from(liveSession)
      .where(eq(liveSession.tenantId, 1001))
      .limit(1)
    const users = await db().select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.tenantId, 1001)).limit(3)
    const now = Date.now()
    const lottery = (prize: string, state: string) => ({
      tenantId: 1001,
      channelId: s1!.channelId,
      sessionId: s1!.id,
      byUserId: users[0]!.id,
      prize,
      winnerCount: 2,
      among: 'present',
      eligible: 9,
      drawAt: new Date(now),
      state,
    })
    const [drawn] = await db()
      .insert(liveLottery)
      .values(lottery('讲义礼包', 'drawn'))
      .returning({ id: liveLottery.id })
    const [drawing] = await db()
      .insert(liveLottery)
      .values(lottery('保温杯', 'drawing'))
      .returning({ id: liveLottery.id })
    await db()
      .insert(liveLotteryWinner)
      .values([
        {
          tenantId: 1001,
          lotteryId: drawn!.id,
          userId: users[1]!.id,
          nick: '甲',
          userType: 'student',
          claimName: '张三',
          claimPhone: '13912345678',
          claimAddress: '北京市海淀区学院路 1 号',
          claimedAt: new Date(now),
        },
        { tenantId: 1001, lotteryId: drawn!.id, userId: users[2]!.id, nick: '乙', userType: 'student' },
        { tenantId: 1001, lotteryId: drawing!.id, userId: users[1]!.id, nick: '甲', userType: 'student' },
      ])
    const url = `/console/live/channels/${s1!.channelId}/sessions/${s1!.id}/lotteries`
    const r = await get(url, { token: tokens.teacher })
    expect(r.code, r.msg).toBe(200)
    expect(r.data.map((l: { prize: string }) => l.prize)).toEqual(['保温杯', '讲义礼包'])
    expect(r.data[0]).toMatchObject({ announced: false, winners: [] })
    expect(r.data[1]).toMatchObject({ announced: true, eligible: 9, winnerCount: 2 })
    expect(r.data[1].winners).toEqual([
      expect.objectContaining({
        nick: '甲',
        claimed: true,
        name: '张三',
        phone: '13912345678',
        address: '北京市海淀区学院路 1 号',
      }),
      expect.objectContaining({ nick: '乙', claimed: false, name: '', phone: '' }),
    ])
    expect((await get(url, { token: tokens.learner })).code).toBe(403)
    const other = await get(url, { tenant: 1002, token: tokens.b })
    expect(other.code === 200 ? other.data : other.code).toEqual([])
    expect((await get(`/console/live/channels/x/sessions/${s1!.id}/lotteries`, { token: tokens.teacher })).code).toBe(
      400,
    )
  })
})
