/**
 * Refusals in the learner's language (server/src/http/refusals.ts, DECISIONS "Wire"). The source walk finds every
 * refusal the server can send (tests/server/refusal-walk.ts) and checks that each has a catalogue entry with a
 * zh-CN and an en text; the contract's field rules too. Then the real app, through Fastify inject: the same
 * refusal in zh-CN, en and (no Accept-Language) as written.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRefusal, langOf, localize, refusalOf } from '../../server/src/http/refusals'
import enRefusals from '../../shared/i18n/en/refusals'
import zhRefusals from '../../shared/i18n/zh-CN/refusals'
import { captchaFor, DEMO, freshPglite, type Harness, harness, login } from './helpers'
import { contractRules, walkRefusals } from './refusal-walk'

const root = fileURLToPath(new URL('../../', import.meta.url))
const CJK = /[\u3400-\u9fff\uff00-\uffef]/

/**
 * Refusals whose text is a runtime value, each with the texts it can take (or why a learner never meets it).
 * A new one fails the walk below until it is named here.
 */
const DYNAMIC: Record<string, string[] | { notLearnerFacing: string }> = {
  // applyClosedReason(e): the mock's application window
  'server/src/modules/apply/mock.ts': [
    '报名尚未开始，将于 2026-01-02 09:00 开放报名',
    '报名已于 2026-01-02 09:00 截止',
    '该模拟考试已结束',
  ],
  // studyClosed(c): the texts of studyCheck / classWindow
  'server/src/modules/learn/grades.ts': [
    '班级“A1”将于2026-01-02开课，开课后才能学习',
    '班级“A1”已于2026-01-02结课，不能继续学习',
    '尚未购买该商品，购买后即可学习',
    '学习有效期已过，不能继续学习',
  ],
  'server/src/modules/order/service.ts': { notLearnerFacing: 'the payment provider callback (PaymentVerifyError)' },
}

/** The envelope's own answers (server/src/app.ts), which are not AppErrors. */
const ENVELOPE = [
  'internal server error',
  'not found: GET /api/nothing',
  'not available: GET /base/profile/tp/list',
  'too many requests, retry in 42 s',
  'too many requests',
  'malformed multipart body: Unexpected end of form',
  'answers.1.ques.text: contains a NUL character (U+0000), which cannot be stored',
  'bad request',
]

function expectBothLanguages(msg: string) {
  const hit = findRefusal(msg)
  expect(hit, `no catalogue entry for ${JSON.stringify(msg)}`).not.toBeNull()
  const zh = localize(msg, 'zh-CN')
  const en = localize(msg, 'en')
  expect(zh, `zh-CN of ${JSON.stringify(msg)}`).toMatch(CJK)
  expect(en, `en of ${JSON.stringify(msg)}`).not.toMatch(CJK)
}

/** Answers no learner meets: the school staff's desk (STAFF_TOKEN), in the source wording. */
const NOT_LEARNER_FACING = ['server/src/modules/order/staff.ts']

describe('catalogue', () => {
  const walk = walkRefusals(root, NOT_LEARNER_FACING)

  it('finds the refusals of the source (sanity: the walk sees the known ones)', () => {
    const samples = walk.refusals.map((r) => r.sample)
    expect(samples).toContain('oldPassword: old password is wrong')
    expect(samples).toContain('考试次数已用完（共 7 次）')
    expect(samples).toContain('bank not found')
    expect(samples).toContain('你已预约该考试，可改期或取消后再约')
    expect(walk.refusals.length).toBeGreaterThan(150)
  })

  it('has a zh-CN and an en text for every refusal the server can send', () => {
    for (const r of walk.refusals) expectBothLanguages(r.sample)
  })

  it('knows every refusal whose text is a runtime value', () => {
    const files = [...new Set(walk.dynamic.map((d) => d.at.split(':')[0]!))].sort()
    expect(files).toEqual(Object.keys(DYNAMIC).sort())
    for (const texts of Object.values(DYNAMIC)) if (Array.isArray(texts)) for (const t of texts) expectBothLanguages(t)
  })

  it('has a text for every field rule of the contract, with or without its field', () => {
    const rules = contractRules(root)
    expect(rules).toContain('telPhone: telPhone must be an 11-digit mobile number')
    for (const r of rules) {
      expectBothLanguages(r)
      expectBothLanguages(r.replace(/^[\w.]+: /, 'body: '))
    }
  })

  it('has a text for the envelope answers that are not AppErrors', () => {
    for (const m of ENVELOPE) expectBothLanguages(m)
  })

  it('never shows an unknown message in the other language: a field label or the sentence of its code', () => {
    expect(localize('nickName: Too big: expected string to have <=30 characters', 'zh-CN', 400)).toBe('昵称填写有误')
    expect(localize('someField: Invalid input', 'zh-CN', 400)).toBe('提交的内容有误，请检查后重试')
    expect(localize('staff only', 'zh-CN', 403)).toBe('没有权限进行此操作')
    expect(localize('新的中文提示', 'zh-CN', 400)).toBe('新的中文提示')
    expect(localize('新的中文提示', 'en', 400)).toBe('Something you sent is not right: check it and try again')
    expect(localize('an english note', 'en', 400)).toBe('an english note')
    // a 699 carries a URL to open
    expect(localize('https://pay.example.com/x', 'zh-CN', 699)).toBe('https://pay.example.com/x')
    // as written when the request names no language
    expect(localize('oldPassword: old password is wrong', null)).toBe('oldPassword: old password is wrong')
  })

  it('fills the values of a message into its translation', () => {
    expect(localize('考试次数已用完（共 2 次）', 'en')).toBe('All 2 attempts of this exam are used')
    expect(localize('please wait 42 seconds before requesting another code', 'zh-CN')).toBe('请 42 秒后再获取验证码')
    expect(localize('每个预约最多改期 2 次，已用完', 'zh-CN')).toBe('每个预约最多改期 2 次，已用完')
  })

  it('names the key (and the values) the clients translate, the same text as msg (issue 26 step 5)', () => {
    expect(refusalOf('please wait 42 seconds before requesting another code', 'en')).toEqual({
      msg: 'Wait 42 seconds before asking for another code',
      key: 'refusal.account.waitSecondsBeforeAsking',
      vars: { n: '42' },
    })
    expect(refusalOf('oldPassword: old password is wrong', null)).toEqual({
      msg: 'oldPassword: old password is wrong',
      key: 'refusal.account.oldPasswordWrong',
    })
    // no entry: a field label, the plain sentence of the code, or (already in the learner's language) no key
    expect(refusalOf('nickName: Too big', 'zh-CN', 400)).toEqual({
      msg: '昵称填写有误',
      key: 'refusal.invalid.nickName',
    })
    expect(refusalOf('staff only', 'zh-CN', 403)).toEqual({ msg: '没有权限进行此操作', key: 'refusal.code.403' })
    expect(refusalOf('staff only', 'en', 403)).toEqual({ msg: 'staff only' })
    expect(refusalOf('新的中文提示', 'zh-CN', 400)).toEqual({ msg: '新的中文提示' })
    expect(refusalOf('https://pay.example.com/x', 'zh-CN', 699)).toEqual({ msg: 'https://pay.example.com/x' })
    // every key the walk finds is in both catalogues
    for (const r of walkRefusals(root, NOT_LEARNER_FACING).refusals) {
      const key = findRefusal(r.sample)!.key
      expect(zhRefusals[key]).toBeTruthy()
      expect(enRefusals[key]).toBeTruthy()
    }
    expect(Object.keys(enRefusals).sort()).toEqual(Object.keys(zhRefusals).sort())
  })

  it('reads the language from Accept-Language', () => {
    expect(langOf({})).toBeNull()
    expect(langOf({ 'accept-language': 'zh-CN' })).toBe('zh-CN')
    expect(langOf({ 'accept-language': 'en' })).toBe('en')
    expect(langOf({ 'accept-language': 'en-US,en;q=0.9,zh;q=0.8' })).toBe('en')
    expect(langOf({ 'accept-language': 'fr-FR,zh-TW;q=0.5' })).toBe('zh-CN')
    expect(langOf({ 'accept-language': 'fr' })).toBe('zh-CN')
  })
})

describe('through the app', () => {
  let h: Harness
  let token = ''
  beforeAll(async () => {
    h = await harness(await freshPglite())
    token = await login(h)
  })
  afterAll(async () => h?.close())

  const send = async (method: 'GET' | 'POST', url: string, lang: string | null, body?: object) => {
    const headers: Record<string, string> = { 'tenant-id': '1001', authorization: `Bearer ${token}` }
    if (lang) headers['accept-language'] = lang
    const res = await h.app.inject({ method, url: `/api${url}`, headers, ...(body ? { payload: body } : {}) })
    return JSON.parse(res.body) as { code: number; msg: string; data: unknown }
  }

  it('answers a wrong old password in the language asked for', async () => {
    const body = { oldPassword: 'Wrong1234', newPassword: 'Better1234' }
    expect((await send('POST', '/app/user/updatePwd', 'zh-CN', body)).msg).toBe('原密码不正确')
    expect((await send('POST', '/app/user/updatePwd', 'en', body)).msg).toBe('The old password is wrong')
    expect((await send('POST', '/app/user/updatePwd', null, body)).msg).toBe('oldPassword: old password is wrong')
  })

  it('answers a field rule of the contract in the language asked for', async () => {
    const r = await send('POST', '/app/user/updatePwd', 'zh-CN', {
      oldPassword: DEMO[1001].password,
      newPassword: 'short',
    })
    expect(r.code).toBe(400)
    expect(r.msg).toBe('密码至少 8 位')
  })

  it('answers a wrong captcha at login in Chinese', async () => {
    const c = await captchaFor(h)
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/app/common/account_login',
      headers: { 'tenant-id': '1001', 'accept-language': 'zh-CN' },
      payload: {
        account: DEMO[1001].account,
        password: DEMO[1001].password,
        code: `${c.code}x`,
        uuid: c.uuid,
        deviceUuid: 'device-refusal-1',
      },
    })
    expect(JSON.parse(res.body).msg).toBe('图形验证码错误或已过期，请重新输入')
  })

  it('puts an exam refusal and its checklist into English', async () => {
    const list = (await send('GET', '/bank/exam/exam/list?kind=formal&pageNum=1&pageSize=20', 'en')).data as {
      rows: { examId: number; requireAppointment: boolean; maxAttempts: number }[]
    }
    const booked = list.rows.find((e) => e.requireAppointment && e.maxAttempts === 3)!
    const en = await send('POST', '/bank/exam/simulate', 'en', { examId: booked.examId })
    expect(en.code).toBe(621)
    expect(en.msg).toMatch(/^Not yet: /)
    expect(en.msg).not.toMatch(CJK)
    const checks = (en.data as { checks: { title: string; message: string }[] }).checks
    expect(checks.map((c) => c.title)).toContain('Book an exam session')
    for (const c of checks) expect(`${c.title} ${c.message}`).not.toMatch(CJK)
    const zh = await send('POST', '/bank/exam/simulate', 'zh-CN', { examId: booked.examId })
    expect(zh.msg).toMatch(/^还不能继续：/)
  })

  it('answers an unknown route in the language asked for', async () => {
    expect((await send('GET', '/no/such/route', 'zh-CN')).msg).toBe('请求的内容不存在')
  })

  it('carries the refusal key in the envelope, beside msg', async () => {
    const r = (await send('GET', '/no/such/route', 'en')) as { msg: string; key?: string }
    expect(r).toMatchObject({
      code: 404,
      msg: 'What was asked for does not exist',
      key: 'refusal.request.whatAskedNotExist',
    })
    const field = (await send('POST', '/app/user/updatePwd', 'zh-CN', { oldPassword: 'x', newPassword: 'short' })) as {
      key?: string
    }
    expect(field.key).toBe('refusal.input.passwordNeedsLeast8')
  })
})
