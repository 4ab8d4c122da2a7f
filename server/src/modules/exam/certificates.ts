/**
 * Certificates (docs/DECISIONS.md "Exams"): issued in the submit's transaction when an attempt of an exam with
 * `certificate` passes (once per learner and exam: the first pass), and confirmed publicly by serial:
 * `GET /verify/certificate/:serial` (an HTML page) and `GET {apiBase}/certificate/verify/:serial` (JSON), both
 * without a tenant header (the serial is globally unique). They show what the public may see: the issuing school
 * (its brand name), the masked name, the exam, the result (passed, not the score), the issue date and whether it is
 * valid (when revoked, since when); nothing else. `GET /verify/certificate` is the same check as a form. The JSON
 * twin answers the house envelope (`code`, `msg`, `data`) beside its first top-level fields, so the app's public
 * 证书查询 page (pages3/cert/verify) reads it through its one request door and earlier readers keep working.
 *
 * The bank's submit (records.ts) calls `issueOnPass`: this file must not import records.ts (import cycle).
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../../config'
import { countRows, type Db } from '../../db'
import { certificate, exam, sysUser } from '../../db/schema'
import { TenantScope } from '../../http/core'
import { MESSAGES, notify } from '../../services/inform'
import { dayOf, type Scoped } from '../bank/core'
import { brandOf } from '../common'

export type CertificateRow = typeof certificate.$inferSelect

/** Base32 without look-alikes (no I, O, 0, 1): 32 symbols, so one random byte & 31 is unbiased. */
export const SERIAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const SERIAL_LENGTH = 16
const SERIAL_RE = /^[A-HJ-NP-Z2-9]{16}$/

export function newSerial(): string {
  const bytes = randomBytes(SERIAL_LENGTH)
  let out = ''
  for (const b of bytes) out += SERIAL_ALPHABET[b & 31]
  return out
}

/** 张三丰 -> 张* (first character and one star, whatever the length). */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0]
  return first ? `${first}*` : ''
}

/** What the submit knows about the attempt. */
export interface SubmittedAttempt {
  id: number
  examId: number | null
}
export interface SubmittedReport {
  reportStatus: number
  performance: number
  passScore: number
}

/**
 * Issues the certificate of a passing exam attempt (inside the submit's transaction). Nothing happens for a
 * fail, an exam without certificates, or when the learner already holds one for the exam.
 */
export async function issueOnPass(
  ctx: Scoped,
  userId: number,
  r: SubmittedAttempt,
  report: SubmittedReport,
): Promise<CertificateRow | undefined> {
  if (r.examId === null || report.reportStatus !== 1) return undefined
  const [e] = await ctx.db
    .select({ id: exam.id, name: exam.name, certificate: exam.certificate })
    .from(exam)
    .where(ctx.scope.where(exam, eq(exam.id, r.examId)))
  if (!e?.certificate) return undefined
  const [u] = await ctx.db
    .select({ realName: sysUser.realName, nickName: sysUser.nickName })
    .from(sysUser)
    .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
  const realName = (u?.realName.trim() || u?.nickName.trim() || '').slice(0, 30)
  // a serial collision (80 random bits) is next to impossible; the insert is retried with a new one anyway
  for (let i = 0; i < 3; i++) {
    const [row] = await ctx.db
      .insert(certificate)
      .values(
        ctx.scope.row({
          userId,
          examId: e.id,
          recordId: r.id,
          serial: newSerial(),
          realName,
          examName: e.name,
          score: report.performance,
          passScore: report.passScore,
        }),
      )
      .onConflictDoNothing()
      .returning()
    if (row) {
      // the learner's message, in the submit's transaction (docs/DECISIONS.md "Messages")
      await notify(
        ctx.db,
        ctx.scope,
        userId,
        MESSAGES.certificate({ examId: e.id, examName: e.name, serial: row.serial }),
      )
      return row
    }
    const held = await countRows(
      ctx.db,
      certificate,
      ctx.scope.where(certificate, eq(certificate.userId, userId), eq(certificate.examId, e.id)),
    )
    if (held > 0) return undefined
  }
  throw new Error('could not issue a certificate serial')
}

export const verifyPath = (serial: string) => `/verify/certificate/${serial}`

/** The contract's certificateRow. */
export function certificateView(c: CertificateRow, config: Pick<AppConfig, 'oss'>) {
  const base = (config.oss.publicBaseUrl ?? '').replace(/\/+$/, '')
  return {
    certificateId: c.id,
    serial: c.serial,
    examId: c.examId,
    examName: c.examName,
    realName: c.realName,
    score: c.score,
    passScore: c.passScore,
    issuedTime: Math.floor(c.issuedAt.getTime() / 1000),
    verifyUrl: `${base}${verifyPath(c.serial)}`,
    valid: c.revokedAt === null,
  }
}

export async function certificateOf(ctx: Scoped, userId: number, examId: number) {
  const [row] = await ctx.db
    .select()
    .from(certificate)
    .where(ctx.scope.where(certificate, eq(certificate.userId, userId), eq(certificate.examId, examId)))
  return row
}

export async function certificatesOf(ctx: Scoped, userId: number, pageNum: number, pageSize: number) {
  const where = ctx.scope.where(certificate, eq(certificate.userId, userId))
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(certificate)
      .where(where)
      .orderBy(desc(certificate.issuedAt), desc(certificate.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    countRows(ctx.db, certificate, where),
  ])
  return { rows, total }
}

// ---- public verification (outside the contract) ----

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** 2025-06-01 (China Standard Time) -> 2025年6月1日 */
const cstDate = (d: Date) => {
  const [y, m, day] = dayOf(d).split('-').map(Number)
  return `${y}年${m}月${day}日`
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;margin:0;padding:24px 16px;color:#222}
.card{background:#fff;border-radius:12px;padding:20px;max-width:420px;margin:0 auto;box-shadow:0 1px 4px rgba(0,0,0,.06)}
h1{font-size:18px;margin:0 0 16px;text-align:center}dl{margin:0}dt{color:#888;font-size:13px;margin-top:12px}
dd{margin:4px 0 0;font-size:16px;word-break:break-all}.badge{display:inline-block;padding:2px 10px;border-radius:10px;font-size:14px}
.ok{background:#e8f7ee;color:#1a8a45}.bad{background:#fdecec;color:#d4380d}.serial{font-family:monospace;letter-spacing:1px}
.muted{color:#888;font-size:13px;text-align:center;margin-top:16px}.muted-inline{color:#888;font-size:13px}
.school{font-weight:600}.query{margin-top:16px}.query label{display:block;color:#888;font-size:13px;margin-bottom:6px}
.query .row{display:flex;gap:8px}.query input{flex:1;min-width:0;font-size:16px;padding:10px 12px;border:1px solid #ddd;border-radius:8px;
text-transform:uppercase;font-family:monospace}.query button{font-size:16px;padding:0 18px;border:0;border-radius:8px;background:#1f2329;color:#fff}</style></head>
<body><div class="card">${body}</div></body></html>`

async function findBySerial(db: Db, raw: string) {
  const serial = raw.trim().toUpperCase()
  if (!SERIAL_RE.test(serial)) return undefined
  // system lookup by the globally unique serial (no tenant header on a public verification link)
  const [row] = await db
    .select()
    .from(certificate)
    .where(and(eq(certificate.serial, serial)))
  return row
}

/** The school that issued the certificate, as its learners see it (the brand's name). */
const schoolOf = async (db: Db, tenantId: number) => (await brandOf({ db, scope: new TenantScope(tenantId) })).name

/** What the public may see of a certificate (the HTML page and the JSON twin say the same). */
async function publicView(db: Db, c: CertificateRow) {
  return {
    valid: c.revokedAt === null,
    serial: c.serial,
    realName: maskName(c.realName),
    examName: c.examName,
    issuedTime: Math.floor(c.issuedAt.getTime() / 1000),
    schoolName: await schoolOf(db, c.tenantId),
    revokedTime: c.revokedAt ? Math.floor(c.revokedAt.getTime() / 1000) : null,
  }
}

const FORM = (value = '') => `<form class="query" method="get" action="/verify/certificate">
<label for="serial">证书编号</label><div class="row"><input id="serial" name="serial" value="${esc(value)}" maxlength="32"
autocomplete="off" autocapitalize="characters" placeholder="16位证书编号"><button type="submit">查询</button></div></form>`

/** Registers the public verification page and its JSON twin (no tenant header, no login). */
export async function registerCertificateRoutes(root: FastifyInstance, db: Db, config: Pick<AppConfig, 'apiBase'>) {
  await root.register(async (app) => {
    // the form: a serial typed (or pasted from a certificate) opens its page
    app.get('/verify/certificate', async (req, reply) => {
      const raw = String((req.query as { serial?: unknown }).serial ?? '').trim()
      reply.header('cache-control', 'no-store')
      if (raw) return reply.redirect(`/verify/certificate/${encodeURIComponent(raw.toUpperCase().slice(0, 32))}`, 303)
      reply.type('text/html; charset=utf-8')
      return page('证书查询', `<h1>证书查询</h1>${FORM()}<p class="muted">输入证书上的编号，查询证书真伪。</p>`)
    })

    app.get('/verify/certificate/:serial', async (req, reply) => {
      const raw = (req.params as { serial: string }).serial
      const c = await findBySerial(db, raw)
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      if (!c)
        return reply
          .code(404)
          .send(page('证书查询', `<h1>未找到该证书</h1><p class="muted">请核对证书编号是否正确。</p>${FORM(raw)}`))
      const v = await publicView(db, c)
      return page(
        '证书查询',
        `<h1>证书查询结果</h1><dl>
<dt>状态</dt><dd><span class="badge ${v.valid ? 'ok' : 'bad'}">${v.valid ? '有效' : '已撤销'}</span>${
          c.revokedAt ? ` <span class="muted-inline">${esc(cstDate(c.revokedAt))}撤销</span>` : ''
        }</dd>
<dt>发证机构</dt><dd class="school">${esc(v.schoolName)}</dd>
<dt>持证人</dt><dd>${esc(v.realName)}</dd>
<dt>考试名称</dt><dd>${esc(v.examName)}</dd>
<dt>考试结果</dt><dd>合格</dd>
<dt>发证日期</dt><dd>${esc(cstDate(c.issuedAt))}</dd>
<dt>证书编号</dt><dd class="serial">${esc(v.serial)}</dd>
</dl><p class="muted">持证人姓名已部分隐藏，以保护个人信息。</p>`,
      )
    })

    app.get(`${config.apiBase}/certificate/verify/:serial`, async (req, reply) => {
      const c = await findBySerial(db, (req.params as { serial: string }).serial)
      reply.header('cache-control', 'no-store')
      if (!c) return reply.code(404).send({ code: 404, msg: '未找到该证书，请核对证书编号', data: null, valid: false })
      const view = await publicView(db, c)
      return { code: 200, msg: '', data: view, ...view }
    })
  })
}
