/**
 * Issue 25 §2: the public certificate check names the school that issued it and shows the certificate as the public
 * may see it (masked holder, exam, result, dates, state), on the HTML page, its query form and the JSON twin the
 * app's public 证书查询 page reads (house envelope).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankRecord, certificate, exam, sysUser } from '../../server/src/db/schema'
import { freshPglite, type Harness, harness } from './helpers'

const SERIAL = 'BXQ7K2MZP9TXA2WC'

describe('public certificate check (issue 25)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await harness(await freshPglite())
    const db = h.database.db
    const [u] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.tenantId, 1002), eq(sysUser.telPhone, '13900000002')))
    const [e] = await db.select().from(exam).where(eq(exam.tenantId, 1002)).limit(1)
    const [rec] = await db
      .insert(bankRecord)
      .values({
        tenantId: 1002,
        userId: u!.id,
        mode: 'test',
        scope: 'exam',
        scopeKey: `exam:${e!.id}:cert-verify`,
        questionIds: [],
        examId: e!.id,
        submittedAt: new Date(),
      })
      .returning({ id: bankRecord.id })
    await db.insert(certificate).values({
      tenantId: 1002,
      userId: u!.id,
      examId: e!.id,
      recordId: rec!.id,
      serial: SERIAL,
      realName: '李华',
      examName: e!.name,
      score: 88,
      passScore: 60,
      issuedAt: new Date('2025-06-01T02:00:00Z'),
    })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('the page names the issuing school and shows the certificate as the public may see it', async () => {
    const r = await h.app.inject({ method: 'GET', url: `/verify/certificate/${SERIAL}` })
    expect(r.statusCode).toBe(200)
    expect(r.body).toContain('发证机构')
    expect(r.body).toContain('博学继续教育学院')
    expect(r.body).toContain('李*')
    expect(r.body).toContain('合格')
    expect(r.body).toContain('2025年6月1日')
    expect(r.body).not.toContain('李华')
    // the score is the learner's, not the public's
    expect(r.body).not.toMatch(/成绩|88分/)
  })

  it('the JSON twin carries the same, in the house envelope, without a tenant header', async () => {
    const r = await h.app.inject({ method: 'GET', url: `/api/certificate/verify/${SERIAL.toLowerCase()}` })
    expect(r.statusCode).toBe(200)
    const body = JSON.parse(r.body)
    expect(body).toMatchObject({ code: 200, valid: true, serial: SERIAL })
    expect(body.data).toEqual({
      valid: true,
      serial: SERIAL,
      realName: '李*',
      examName: expect.any(String),
      issuedTime: Math.floor(Date.parse('2025-06-01T02:00:00Z') / 1000),
      schoolName: '博学继续教育学院',
      revokedTime: null,
    })
    const unknown = await h.app.inject({ method: 'GET', url: '/api/certificate/verify/ABCDEFGHJKLMNPQR' })
    expect(unknown.statusCode).toBe(404)
    expect(JSON.parse(unknown.body)).toMatchObject({ code: 404, data: null, valid: false })
  })

  it('a form takes a typed number to its page', async () => {
    const form = await h.app.inject({ method: 'GET', url: '/verify/certificate' })
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain('name="serial"')
    const go = await h.app.inject({ method: 'GET', url: `/verify/certificate?serial=${SERIAL.toLowerCase()}` })
    expect(go.statusCode).toBe(303)
    expect(go.headers.location).toBe(`/verify/certificate/${SERIAL}`)
  })
})
