/**
 * Enrolment profiles and stamp words (docs/DECISIONS.md "Enrolment profile and stamp words"). A school's template
 * per goods names the fields it collects and the statement its learners copy out; a learner who holds the goods
 * fills the profile in (a draft), copies the statement (addWord, or V2/addWord with a handwritten signature) and
 * stamps it (POST /base/profileStamp), which submits it. Any change before the school locks it makes it a draft
 * again: the stamp confirmed the values as they were. Every read and write is the caller's own, in the tenant.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { profileField } from '../../../../contract/schemas/profile'
import { PROFILE_FIELD_TYPES, PROFILE_STATUS } from '../../../../contract/schemas/profile-codes'
import { isValidIdCard } from '../../../../shared/rules/id-card'
import { countRows } from '../../db'
import { goods, profile, profileStamp, profileTemplate, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { ownUpload, type UploadCaller } from '../../services/upload/own'
import type { Scoped } from '../bank/core'
import { grantsOf } from '../learn/core'

type Field = ReturnType<typeof profileField.parse>
type TemplateRow = typeof profileTemplate.$inferSelect
type ProfileRow = typeof profile.$inferSelect
type StampRow = typeof profileStamp.$inferSelect

const PHONE_RE = /^1[3-9]\d{9}$/
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

const notYours = () => new AppError(404, 'profile not found')
const noTemplate = () => new AppError(404, 'this goods collects no enrolment profile')
const locked = () => new AppError(409, 'the school has locked this profile: it can no longer be changed')

function fieldsOf(t: TemplateRow): Field[] {
  return (t.fields ?? []).filter((f) => (PROFILE_FIELD_TYPES as readonly string[]).includes(f.type)) as Field[]
}

function templateView(t: TemplateRow, goodsName: string) {
  return {
    templateId: t.id,
    goodsId: t.goodsId,
    goodsName,
    title: t.title,
    intro: t.intro,
    fields: fieldsOf(t),
    stampWords: t.stampWords,
    needSignature: t.needSignature,
  }
}

const stampView = (s: StampRow | undefined) =>
  s ? { words: s.words, signatureUrl: s.signatureUrl, updatedTime: toSeconds(s.updatedAt) } : null

/** Words are compared without spaces and with full-width punctuation made narrow: what the learner must copy. */
export function normalizeWords(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\s\u3000]+/g, '')
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/。/g, '.')
    .replace(/、/g, ',')
}

async function goodsName(ctx: Scoped, goodsId: number): Promise<string> {
  const [g] = await ctx.db
    .select({ name: goods.name })
    .from(goods)
    .where(ctx.scope.where(goods, eq(goods.id, goodsId)))
  return g?.name ?? ''
}

async function templateOf(ctx: Scoped, goodsId: number): Promise<TemplateRow> {
  const [t] = await ctx.db
    .select()
    .from(profileTemplate)
    .where(ctx.scope.where(profileTemplate, eq(profileTemplate.goodsId, goodsId), eq(profileTemplate.status, 1)))
  if (!t) throw noTemplate()
  return t
}

/** The template of a goods the learner holds (any grant not revoked). */
async function heldTemplate(ctx: Scoped, userId: number, goodsId: number): Promise<TemplateRow> {
  const grants = await grantsOf(ctx, userId)
  if (!grants.has(goodsId)) throw new AppError(403, 'you do not hold this goods: buy it to fill in its profile')
  return templateOf(ctx, goodsId)
}

async function ownProfile(ctx: Scoped, userId: number, id: number): Promise<ProfileRow> {
  const [p] = await ctx.db
    .select()
    .from(profile)
    .where(ctx.scope.where(profile, eq(profile.id, id), eq(profile.userId, userId)))
  if (!p) throw notYours()
  return p
}

async function stampOf(ctx: Scoped, profileId: number): Promise<StampRow | undefined> {
  const [s] = await ctx.db
    .select()
    .from(profileStamp)
    .where(ctx.scope.where(profileStamp, eq(profileStamp.profileId, profileId)))
  return s
}

async function detail(ctx: Scoped, userId: number, id: number) {
  const p = await ownProfile(ctx, userId, id)
  const [t] = await ctx.db
    .select()
    .from(profileTemplate)
    .where(ctx.scope.where(profileTemplate, eq(profileTemplate.id, p.templateId)))
  const [name, stamp] = await Promise.all([goodsName(ctx, p.goodsId), stampOf(ctx, p.id)])
  return {
    ...rowView(p, t!.title, name, !!stamp),
    values: p.values,
    template: templateView(t!, name),
    stamp: stampView(stamp),
    editable: p.status !== PROFILE_STATUS.locked,
  }
}

function rowView(p: ProfileRow, title: string, goodsName: string, hasStamp: boolean) {
  return {
    id: p.id,
    goodsId: p.goodsId,
    goodsName,
    title,
    status: p.status,
    remark: p.remark,
    hasStamp,
    updatedTime: toSeconds(p.updatedAt),
    submittedTime: p.submittedAt ? toSeconds(p.submittedAt) : null,
  }
}

/**
 * The values checked against the template: only its fields are kept (trimmed), each by its type; `complete`
 * also requires every required field (a draft may be saved with some still empty, a stamp may not). An image
 * field is kept as the canonical URL of the learner's upload (services/upload/own.ts), whatever form was sent.
 */
async function checkValues(
  ctx: UploadCaller,
  userId: number,
  fields: Field[],
  input: Record<string, string>,
  complete: boolean,
  headers: IncomingHttpHeaders,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const f of fields) {
    const v = (input[f.key] ?? '').trim()
    if (!v) {
      if (complete && f.required) throw new AppError(400, `values.${f.key}: ${f.label} is required`)
      continue
    }
    if (f.type === 'idCard' && !isValidIdCard(v))
      throw new AppError(400, `values.${f.key}: ${f.label} is not a valid ID number`)
    if (f.type === 'phone' && !PHONE_RE.test(v))
      throw new AppError(400, `values.${f.key}: ${f.label} must be an 11-digit mobile number`)
    if (f.type === 'date' && (!DATE_RE.test(v) || Number.isNaN(Date.parse(v))))
      throw new AppError(400, `values.${f.key}: ${f.label} must be a date (YYYY-MM-DD)`)
    if (f.type === 'select' && !(f.options ?? []).includes(v))
      throw new AppError(400, `values.${f.key}: ${f.label} must be one of the choices`)
    if (f.type === 'image') out[f.key] = (await ownUpload(ctx, userId, v, `values.${f.key}`, { headers })).url
    else out[f.key] = f.type === 'idCard' ? v.toUpperCase() : v
  }
  return out
}

/** What the account already knows, to start a new form with (the learner checks and completes it). */
async function prefill(ctx: Scoped, userId: number, fields: Field[]): Promise<Record<string, string>> {
  const [u] = await ctx.db
    .select({
      realName: sysUser.realName,
      idCard: sysUser.idCard,
      telPhone: sysUser.telPhone,
      eduLevel: sysUser.eduLevel,
      school: sysUser.school,
      major: sysUser.major,
    })
    .from(sysUser)
    .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
  if (!u) return {}
  const known: Record<string, string> = {
    realName: u.realName,
    idCard: u.idCard,
    phone: u.telPhone,
    education: u.eduLevel,
    school: u.school,
    major: u.major,
  }
  const out: Record<string, string> = {}
  for (const f of fields) {
    const v = known[f.key]?.trim()
    if (!v) continue
    if (f.type === 'select' && !(f.options ?? []).includes(v)) continue
    out[f.key] = v
  }
  return out
}

const notLocked = inArray(profile.status, [PROFILE_STATUS.draft, PROFILE_STATUS.submitted, PROFILE_STATUS.returned])

/** Back to draft when a stamped or returned profile changes; refuses a locked one. */
async function saveValues(ctx: Scoped, p: ProfileRow, values: Record<string, string>) {
  const [saved] = await ctx.db
    .update(profile)
    .set({ values, status: PROFILE_STATUS.draft, submittedAt: null, updatedAt: new Date() })
    .where(ctx.scope.where(profile, eq(profile.id, p.id), eq(profile.userId, p.userId), notLocked))
    .returning({ id: profile.id })
  if (!saved) throw locked()
}

async function editableProfile(ctx: Scoped, userId: number, id: number) {
  const p = await ownProfile(ctx, userId, id)
  if (p.status === PROFILE_STATUS.locked) throw locked()
  const [t] = await ctx.db
    .select()
    .from(profileTemplate)
    .where(ctx.scope.where(profileTemplate, eq(profileTemplate.id, p.templateId)))
  return { p, t: t! }
}

async function writeWords(
  ctx: Ctx,
  userId: number,
  body: { profileId: number; words: string; signatureUrl?: string },
  mode: 'add' | 'addV2' | 'edit',
  headers: IncomingHttpHeaders,
) {
  const { p, t } = await editableProfile(ctx, userId, body.profileId)
  if (normalizeWords(body.words) !== normalizeWords(t.stampWords))
    throw new AppError(400, 'words: copy the statement exactly as shown')
  const current = await stampOf(ctx, p.id)
  if (mode !== 'edit' && current) throw new AppError(409, 'the words are already copied: change them with edit')
  if (mode === 'edit' && !current) throw new AppError(409, 'copy the words first')
  let signatureUrl = mode === 'edit' ? (current?.signatureUrl ?? '') : ''
  if (body.signatureUrl)
    signatureUrl = (await ownUpload(ctx, userId, body.signatureUrl, 'signatureUrl', { headers })).url
  if (t.needSignature && !signatureUrl)
    throw new AppError(400, 'signatureUrl: this profile needs your handwritten signature')
  const now = new Date()
  if (current) {
    await ctx.db
      .update(profileStamp)
      .set({ words: body.words.trim(), signatureUrl, updatedAt: now })
      .where(ctx.scope.where(profileStamp, eq(profileStamp.id, current.id)))
    // the stamp is on different words now: stamp again
    await saveValues(ctx, p, p.values)
  } else {
    await ctx.db
      .insert(profileStamp)
      .values(ctx.scope.row({ userId, profileId: p.id, words: body.words.trim(), signatureUrl }))
      .onConflictDoNothing()
  }
  return detail(ctx, userId, p.id)
}

export const handlers: Handlers = {
  'GET /base/profile/tp/goods_list': async (ctx) => {
    const { userId } = requireUser(ctx)
    const held = [...(await grantsOf(ctx, userId)).keys()]
    if (held.length === 0) return []
    const rows = await ctx.db
      .select({
        goodsId: profileTemplate.goodsId,
        goodsName: goods.name,
        cover: goods.cover,
        title: profileTemplate.title,
        profileId: profile.id,
        status: profile.status,
      })
      .from(profileTemplate)
      .innerJoin(goods, eq(goods.id, profileTemplate.goodsId))
      .leftJoin(
        profile,
        and(
          eq(profile.tenantId, profileTemplate.tenantId),
          eq(profile.goodsId, profileTemplate.goodsId),
          eq(profile.userId, userId),
        ),
      )
      .where(ctx.scope.where(profileTemplate, eq(profileTemplate.status, 1), inArray(profileTemplate.goodsId, held)))
      .orderBy(asc(goods.sort), asc(goods.id))
    return rows.map((r) => ({ ...r, profileId: r.profileId ?? null, status: r.status ?? null }))
  },

  'GET /base/profile/tp/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const where = ctx.scope.where(profile, eq(profile.userId, userId))
    const [rows, total] = await Promise.all([
      ctx.db
        .select({ p: profile, title: profileTemplate.title, goodsName: goods.name, stampId: profileStamp.id })
        .from(profile)
        .innerJoin(profileTemplate, eq(profileTemplate.id, profile.templateId))
        .innerJoin(goods, eq(goods.id, profile.goodsId))
        .leftJoin(
          profileStamp,
          and(eq(profileStamp.profileId, profile.id), eq(profileStamp.tenantId, profile.tenantId)),
        )
        .where(where)
        .orderBy(desc(profile.updatedAt), desc(profile.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      countRows(ctx.db, profile, where),
    ])
    return { rows: rows.map((r) => rowView(r.p, r.title, r.goodsName, r.stampId !== null)), total }
  },

  'GET /base/profile/tp/listProfile': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const t = await heldTemplate(ctx, userId, query.goodsId)
    const fields = fieldsOf(t)
    const [[p], name] = await Promise.all([
      ctx.db
        .select()
        .from(profile)
        .where(ctx.scope.where(profile, eq(profile.userId, userId), eq(profile.goodsId, query.goodsId))),
      goodsName(ctx, query.goodsId),
    ])
    return {
      template: templateView(t, name),
      profileId: p?.id ?? null,
      status: p?.status ?? null,
      remark: p?.remark ?? '',
      editable: p?.status !== PROFILE_STATUS.locked,
      values: p ? p.values : await prefill(ctx, userId, fields),
    }
  },

  'GET /base/profile/tp/:id': async (ctx, { params }) => detail(ctx, requireUser(ctx).userId, params.id),

  'POST /base/profile/tp': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const t = await heldTemplate(ctx, userId, body.goodsId)
    const values = await checkValues(ctx, userId, fieldsOf(t), body.values, false, headers)
    const [created] = await ctx.db
      .insert(profile)
      .values(ctx.scope.row({ userId, goodsId: body.goodsId, templateId: t.id, values }))
      .onConflictDoNothing()
      .returning({ id: profile.id })
    if (!created) throw new AppError(409, 'you already have a profile for this goods: edit it')
    return detail(ctx, userId, created.id)
  },

  'POST /base/profile/tp/edit': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const { p, t } = await editableProfile(ctx, userId, body.id)
    const values = await checkValues(ctx, userId, fieldsOf(t), body.values, false, headers)
    await saveValues(ctx, p, values)
    return detail(ctx, userId, p.id)
  },

  'GET /base/profileStamp/getInfo': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const t = await heldTemplate(ctx, userId, query.goodsId)
    const [p] = await ctx.db
      .select()
      .from(profile)
      .where(ctx.scope.where(profile, eq(profile.userId, userId), eq(profile.goodsId, query.goodsId)))
    const stamp = p ? await stampOf(ctx, p.id) : undefined
    return {
      goodsId: t.goodsId,
      stampWords: t.stampWords,
      needSignature: t.needSignature,
      profileId: p?.id ?? null,
      status: p?.status ?? null,
      stamp: stampView(stamp),
    }
  },

  'POST /base/profileStamp/addWord': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    return writeWords(ctx, userId, body, 'add', headers)
  },

  'POST /base/profileStamp/V2/addWord': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    return writeWords(ctx, userId, body, 'addV2', headers)
  },

  'POST /base/profileStamp/edit': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    return writeWords(ctx, userId, body, 'edit', headers)
  },

  'POST /base/profileStamp': async (ctx, { body, headers }) => {
    const { userId } = requireUser(ctx)
    const { p, t } = await editableProfile(ctx, userId, body.profileId)
    if (p.status === PROFILE_STATUS.submitted) return detail(ctx, userId, p.id)
    const stamp = await stampOf(ctx, p.id)
    if (!stamp) throw new AppError(409, 'copy the words first')
    if (t.needSignature && !stamp.signatureUrl)
      throw new AppError(400, 'signatureUrl: this profile needs your handwritten signature')
    // the stamp confirms a complete profile
    await checkValues(ctx, userId, fieldsOf(t), p.values, true, headers)
    const [saved] = await ctx.db
      .update(profile)
      .set({ status: PROFILE_STATUS.submitted, submittedAt: new Date(), updatedAt: new Date(), remark: '' })
      .where(
        ctx.scope.where(
          profile,
          eq(profile.id, p.id),
          eq(profile.userId, userId),
          inArray(profile.status, [PROFILE_STATUS.draft, PROFILE_STATUS.returned]),
        ),
      )
      .returning({ id: profile.id })
    if (!saved) throw locked()
    return detail(ctx, userId, p.id)
  },
}
